"""Make the risk world map: territory geometry (assets/boards/risk_map.json) and
the painted background (assets/art/risk_map.png), from code, no downloads.

How the shapes come about:
  1. Coarse coastlines are written below as (longitude, latitude) rings and
     projected with a Mercator-like projection (high latitudes grow, as on the
     classic board); Europe is magnified so its small territories get room.
  2. Every territory has one or more seed points. Each land pixel (on a half
     resolution grid) goes to the nearest seed among the territories of its own
     landmass, measured after a smooth noise warp so borders wander like real
     ones instead of running as straight Voronoi edges.
  3. Each territory's pixels are traced into outline rings, simplified and
     smoothed: those rings are the territory polygons the window draws and hit-tests.

Run: python tools/make_risk_map.py   (writes both files; deterministic)
"""
import json
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BOARD_FILE = ROOT / "assets" / "boards" / "risk.json"
MAP_FILE = ROOT / "assets" / "boards" / "risk_map.json"
ART_FILE = ROOT / "assets" / "art" / "risk_map.png"

SIZE = (1280, 800)
MAP_RECT = pygame.Rect(0, 40, 1000, 680)   # where the world sits in the logical window
LON_WEST, LON_EAST = -172.0, 188.0          # the board is cut in the Pacific, as the classic one
LAT_NORTH, LAT_SOUTH = 80.0, -56.0
GRID = 2                                    # territory assignment runs on a 1/GRID resolution grid

# ----- coastlines (lon, lat), coarse, clockwise-ish -----------------------------------------
NORTH_AMERICA = [
    (-168, 66), (-163, 70), (-156, 71.5), (-141, 70), (-128, 70), (-115, 68.5), (-100, 68), (-94, 68.5),
    (-90, 69), (-86, 68), (-82, 67), (-88, 64), (-94, 61), (-93, 58), (-89, 56.8), (-85, 55.3), (-82.3, 52.5),
    (-80, 51.5), (-79, 54.5), (-77, 58), (-78, 60.5), (-77.5, 62.3), (-73, 62), (-70, 61), (-65, 60), (-64, 58),
    (-62, 56), (-58, 54), (-56, 52), (-59.5, 48), (-64.5, 49), (-66, 45), (-70, 43), (-70, 41.5), (-74, 40.5),
    (-76, 38), (-76, 35), (-81, 31.5), (-80, 27), (-80.5, 25.2), (-82, 26.5), (-83, 29.5), (-86, 30.3), (-89, 30),
    (-94, 29.5), (-97, 27.5), (-97.5, 22), (-96, 19), (-94, 18.5), (-91, 19), (-90.5, 21), (-87, 21.5), (-88, 16),
    (-84, 15.5), (-83.5, 11), (-80, 9), (-77.5, 8.5), (-79, 7.5), (-82, 8.2), (-85.7, 10), (-87.5, 13),
    (-92, 14.5), (-96, 15.7), (-101, 17.2), (-105.5, 20), (-105.5, 23), (-109, 26), (-112.5, 29.5),
    (-114.5, 31.5), (-117, 32.5), (-120.5, 34.5), (-123, 38), (-124.2, 42), (-124, 46), (-124.7, 48.4),
    (-123, 49), (-127, 50.5), (-130, 54), (-134, 57.5), (-137, 59), (-141, 60), (-146, 61), (-150, 59.5),
    (-152, 58), (-157, 57), (-162, 55), (-164, 55.5), (-158, 58.5), (-162, 59.8), (-165, 62), (-164.5, 63.5),
    (-161, 64.5), (-166, 65.3),
]
BAFFIN = [(-80, 73), (-72, 71), (-67, 69), (-62, 66.5), (-65, 64.5), (-68, 63), (-72, 64.5), (-78, 65),
          (-77, 67), (-83, 69.5), (-89, 71)]
ELLESMERE = [(-92, 79.5), (-80, 78), (-74, 78.5), (-68, 80.5), (-84, 81.5), (-95, 80.5)]
VICTORIA = [(-118, 71), (-110, 73), (-101, 72.5), (-101, 69.5), (-108, 68.7), (-117, 69.5)]
GREENLAND = [(-73, 78), (-60, 82), (-30, 83.5), (-18, 81), (-20, 76), (-22, 72), (-24, 69.5), (-32, 68),
             (-40, 65), (-43, 60), (-48, 61), (-51, 64), (-53, 67), (-54, 70), (-57, 75), (-66, 76.5)]
ICELAND = [(-24, 65.5), (-22, 66.4), (-16, 66.5), (-13.5, 65), (-18, 63.4), (-22.5, 63.8)]
BRITAIN = [(-5.5, 50), (1.5, 51), (1.7, 52.7), (0, 53.5), (-1.5, 55.5), (-2, 57.5), (-1.8, 57.7), (-4, 58.6),
           (-5, 58.6), (-6.2, 57.5), (-5.5, 56), (-4.8, 55), (-3, 54.3), (-3, 53.4), (-4.6, 53.2), (-4, 52),
           (-5.3, 51.8), (-3, 51.4), (-5, 50.6)]
IRELAND = [(-6, 52), (-6, 54), (-5.5, 54.5), (-7, 55.3), (-8.5, 54.8), (-10, 54), (-9.5, 52.1), (-7, 52)]
SOUTH_AMERICA = [
    (-77.5, 8.5), (-75, 11), (-72, 12), (-71.5, 10.5), (-68, 10.6), (-64, 10.7), (-61, 10.5), (-60, 8.5),
    (-57, 6), (-52, 5), (-51, 4), (-50, 1.8), (-48.5, -1), (-44, -2.5), (-40, -2.8), (-35.2, -5.5), (-35, -9),
    (-37, -12.7), (-39, -17), (-40, -20.5), (-42, -23), (-45, -23.7), (-48.5, -26), (-48.7, -28.5), (-51, -31),
    (-53, -33.7), (-55, -35), (-58, -34.5), (-57.5, -37), (-59, -38.8), (-62.3, -38.8), (-62.3, -41), (-65, -41),
    (-64.5, -42.5), (-65.5, -45), (-67.5, -46.5), (-66, -48), (-69, -50.5), (-68.5, -52.3), (-70, -53),
    (-72.5, -53), (-74.5, -51), (-75.5, -47), (-74, -44), (-73.5, -40), (-73.5, -37), (-71.5, -32),
    (-71.3, -28), (-70.3, -23), (-70.2, -18.5), (-71.5, -17.2), (-76, -14), (-77.5, -11), (-79.5, -7),
    (-81.2, -5.5), (-80.3, -3.5), (-80, -1.5), (-80.5, 0), (-79.5, 1.5), (-78.5, 2.7), (-77.5, 4), (-77.2, 7),
]
EURASIA = [
    (-9, 37), (-9.5, 39), (-8.8, 42), (-9, 43.3), (-8, 43.7), (-4, 43.5), (-1.5, 43.4), (-1.2, 46), (-2.2, 47.2),
    (-4.5, 48), (-4.7, 48.6), (-1.5, 48.7), (-1.5, 49.7), (0.2, 49.7), (1.6, 50.9), (3, 51.3), (4.5, 52.5),
    (5.8, 53.4), (8.5, 53.6), (8.6, 55.5), (8.2, 56.7), (10, 57.6), (10.6, 56.3), (10.2, 55.2), (11, 54),
    (13, 54.3), (14.5, 53.9), (18, 54.8), (21, 55.3), (21, 56.8), (23.5, 57.1), (24.3, 58.8), (23.5, 59.3),
    (28, 59.5), (29.8, 60), (26, 60.4), (22.8, 59.9), (21.4, 60.8), (21.6, 62.8), (25, 65), (25.4, 65.6),
    (22, 65.8), (21, 64.2), (18.5, 62.8), (17.3, 61), (18.7, 60), (18.5, 59.2), (16.5, 57.5), (16, 56.1),
    (14.2, 55.4), (12.8, 55.6), (12.6, 56.5), (11.2, 58.5), (10.5, 59.3), (8.3, 58.1), (6, 58.2), (5, 60),
    (5, 62), (8, 63.5), (10.5, 64.5), (12.5, 66), (14, 67.5), (16, 68.7), (19, 69.8), (23, 70.7), (28, 71),
    (31, 70), (33, 69.3), (36, 69), (41, 67.5), (40, 66), (35, 66.5), (34.5, 64.5), (37, 64), (40.5, 64.6),
    (44, 66.2), (44, 68.4), (46, 68), (53, 68.5), (57, 70.5), (60, 69), (66, 69.4), (68.5, 72.5), (72, 72.8),
    (72.5, 71), (73.5, 68.5), (75, 72), (80, 73.5), (87, 74), (92, 76), (100, 76.5), (104, 77.7), (112, 76.5),
    (113, 73.5), (120, 73), (127, 71.5), (131, 71), (140, 72.5), (150, 71.5), (160, 70), (170, 70), (180, 69),
    (188, 66), (186, 65), (180, 65), (178, 62.5), (173, 61.5), (170, 60), (164, 59.8), (163, 58), (162, 56),
    (161, 54.5), (156.7, 51), (156, 53), (155.5, 57), (157, 58), (160.5, 61.5), (159, 61.8), (154, 59.5),
    (150, 59.6), (143, 59.3), (141, 58.6), (137, 54), (141, 53.3), (140, 48.5), (135, 43.5), (131, 42.8),
    (129.5, 41), (128, 39.7), (129.4, 37), (129.3, 35.2), (126.5, 34.4), (126.2, 36.8), (126.7, 37.8),
    (124.7, 39.6), (121.5, 39), (122.3, 40.5), (121, 40.9), (118, 39.2), (119.5, 37.1), (122.5, 37.3),
    (120.3, 36), (119.2, 34.4), (121, 32), (122, 29.8), (121.5, 28.2), (119.5, 25.5), (117, 23.6), (114, 22.2),
    (110.5, 21), (110, 20.2), (108.5, 21.6), (106.5, 20.2), (105.7, 18.7), (108.3, 15.5), (109.3, 12.5),
    (109, 11.5), (105, 8.6), (104.8, 10.2), (103, 11.5), (100.8, 13.5), (99.8, 12), (99.2, 10), (100.4, 7.2),
    (102.2, 6.2), (103.4, 4.8), (104.2, 1.5), (103.5, 1.3), (101.3, 2.8), (100.3, 5), (98.3, 8), (98.5, 10),
    (98.6, 13), (97.7, 16.5), (95.4, 15.8), (94.3, 16.5), (94.2, 19), (92.3, 20.7), (91.8, 22.3), (90.5, 22),
    (88, 21.6), (87, 21.3), (86.5, 20), (84.8, 19.2), (82.3, 16.6), (80.3, 15.5), (80.2, 13), (79.8, 10.3),
    (78.2, 8.9), (77.5, 8.1), (76.5, 9), (75.7, 11.5), (74.7, 13.5), (73.4, 16), (72.8, 19.2), (72.6, 21.3),
    (70.3, 20.9), (68.9, 22.3), (70.2, 22.8), (68.2, 23.7), (66.5, 25.4), (62, 25.2), (57.3, 25.8), (56.3, 27.2),
    (54.5, 26.6), (51.5, 27.9), (50, 30), (48, 30.1), (48.5, 28), (50.2, 26.1), (51.5, 24.3), (53.5, 24.2),
    (56, 26), (56.4, 24.5), (58.7, 23.5), (59.8, 22.4), (58.5, 20.4), (57, 19), (55, 17.2), (52, 16), (48.5, 14),
    (45, 12.8), (43.5, 12.7), (42.7, 15.5), (42.2, 18), (40.5, 19.8), (39.1, 21.8), (38.5, 23.6), (36.5, 26),
    (35, 28), (34.9, 29.5), (34.3, 27.8), (32.6, 29.9), (32.4, 31.2), (34.2, 31.3), (34.9, 32.5), (35.5, 33.8),
    (35.9, 35.6), (36.1, 36.7), (34.6, 36.8), (32.5, 36.1), (30.5, 36.3), (28.2, 36.7), (27.3, 37.5),
    (26.3, 38.2), (26.7, 39.5), (26.3, 40.2), (26.1, 40.8), (24, 40.8), (23.7, 40.2), (22.6, 40.4), (23, 39),
    (24, 38.2), (23, 37.6), (22.7, 36.5), (21.7, 36.9), (21.1, 38.3), (20.2, 39.5), (19.4, 40.5), (19.5, 41.8),
    (18.5, 42.5), (16, 43.5), (15.2, 44.3), (14.5, 45.2), (13.7, 45.6), (12.3, 45.3), (12.4, 44.3), (13.6, 43.5),
    (14.1, 42.5), (16, 41.9), (17.9, 40.6), (18.5, 40.2), (17.2, 40.4), (16.5, 39.6), (17.1, 38.9), (16, 38),
    (15.6, 38.2), (16.2, 39.3), (15.7, 40.1), (14.3, 40.8), (12.6, 41.4), (11.1, 42.4), (10.5, 43), (9.8, 44.1),
    (8.5, 44.3), (7.5, 43.8), (6.2, 43.1), (4.8, 43.4), (3.2, 43.2), (3.2, 41.9), (0.9, 41), (0, 39.9),
    (-0.3, 38.9), (-0.7, 37.6), (-2.1, 36.7), (-4.5, 36.7), (-5.6, 36), (-6.4, 36.8), (-7.4, 37.2), (-8.9, 37),
]
BLACK_SEA = [(28.0, 41.5), (29.0, 41.2), (31.5, 41.2), (35, 42), (38, 41), (41.5, 41.5), (41.6, 42.5), (40, 43.5),
             (38, 44.6), (36.6, 45.3), (35.5, 45.1), (33.5, 44.5), (32.6, 45.4), (33.6, 46.1), (31.7, 46.6),
             (30.2, 45.8), (29.6, 45.2), (28.8, 44.5), (28.5, 43.4), (28, 42)]
CASPIAN = [(47, 45), (49, 46.5), (51.5, 47), (53, 46.5), (53, 45), (51, 44.5), (51.5, 42.5), (53, 42), (53.9, 40.5),
           (53, 39.2), (53.9, 37.5), (51, 36.7), (49, 37.6), (49.5, 40.2), (47.5, 42), (47.6, 43.5)]
AFRICA = [
    (-17.1, 21), (-17, 14.7), (-16.7, 12.6), (-15, 11), (-13.2, 9), (-11, 6.9), (-7.6, 4.4), (-4, 5.2), (-2, 4.8),
    (1, 6), (3, 6.4), (5, 5.9), (6, 4.3), (8.7, 4.6), (9.7, 3.6), (9.7, 0.5), (9, -1), (11.8, -4.5), (13.2, -8.6),
    (13.7, -11.3), (12, -15.5), (11.8, -18), (14.5, -22.8), (15.2, -27), (17.1, -29.8), (18.3, -32.9),
    (18.4, -34.2), (20, -34.8), (22.6, -33.9), (25.7, -34), (27.6, -33.2), (30, -31.3), (31.3, -29.2),
    (32.5, -28.5), (32.9, -26.1), (35.5, -24.1), (35.5, -21.4), (34.7, -19.7), (36.8, -18), (40.7, -14.7),
    (40.4, -10.5), (39.3, -7), (39.2, -4.7), (41, -1.8), (43.5, 0.9), (46, 2.3), (49, 6), (51.1, 11.8),
    (48.5, 11.3), (44.5, 10.4), (43.3, 11.7), (42.7, 12.8), (41.2, 14.5), (39.3, 15.9), (38.5, 18.1), (37.3, 21),
    (36.9, 22.1), (35.6, 23.9), (34, 27), (32.6, 29.9), (32.3, 31.2), (31, 31.6), (29, 30.9), (25, 31.6),
    (23, 32.6), (20, 32), (19.9, 30.9), (18.2, 30.7), (15.5, 31.7), (11.6, 33.2), (10.5, 34.7), (11.1, 36.9),
    (9.7, 37.3), (7, 37), (3, 36.8), (-1, 35.3), (-2.5, 35.1), (-5.8, 35.8), (-6.8, 34), (-9.5, 32.2),
    (-9.8, 29.6), (-12.5, 28), (-14.5, 26.2), (-16.8, 23.3),
]
MADAGASCAR = [(49.3, -12), (50.5, -15.5), (49.8, -17.2), (48.5, -20.5), (47.1, -24.9), (45.2, -25.5), (43.7, -23.6),
              (43.3, -21.5), (44.4, -19.5), (44, -17), (46.3, -15.7), (48, -13.6)]
SRI_LANKA = [(79.8, 8), (80, 9.8), (81.8, 7.5), (81.5, 6.2), (80.2, 6)]
HONSHU = [(129.8, 33.2), (130.2, 31.3), (131.3, 31.4), (131.9, 33.9), (133.5, 34.3), (135.2, 33.7), (136.8, 34.3),
          (138.8, 34.6), (140.8, 35.7), (140.9, 37.5), (141.7, 39), (141.4, 41.4), (140.1, 41.1), (139.9, 39.8),
          (139.6, 38.3), (138.5, 37.4), (136.8, 37.2), (136, 35.8), (133.3, 35.5), (131.5, 34.6), (130.9, 33.9)]
HOKKAIDO = [(140, 41.5), (141.2, 41.8), (143.3, 42), (145.5, 43.3), (144.5, 44), (141.8, 45.4), (141.2, 43.3),
            (140, 42.8)]
SUMATRA = [(95.3, 5.6), (97.5, 5.2), (100.3, 2.3), (104, -1), (106, -3), (105.8, -5.8), (104.5, -5.8), (102.3, -4),
           (100.3, -1), (98.8, 1.7), (97.2, 2.8)]
JAVA = [(105.2, -6.8), (106.1, -6), (108.5, -6.4), (110.4, -6.9), (112.6, -6.9), (114.4, -7.7), (114.5, -8.7),
        (111, -8.2), (108, -7.8), (106, -7.4)]
BORNEO = [(109, 1.8), (109.6, -1), (110.3, -3), (114.5, -3.9), (116.3, -3.5), (116.6, -1.3), (118, 1), (119, 5),
          (117, 7), (116, 6.5), (115.4, 4.9), (113.7, 3.8), (111, 1.6), (109.7, 2)]
SULAWESI = [(119.5, -5.5), (120.5, -2.5), (121, 1), (124.8, 1.5), (121.5, 0.5), (121.8, -1), (123.3, -0.9),
            (121.3, -2), (122.5, -4.8), (121, -4.2), (120.4, -5.6)]
NEW_GUINEA = [(131, -1.3), (134, -0.8), (135.5, -3.3), (138, -1.6), (141, -2.6), (144.5, -3.9), (146, -5.5),
              (147.5, -6.2), (148, -8), (150, -10.5), (147.2, -10.1), (146, -8.2), (144, -7.7), (143.3, -9),
              (141, -9.1), (139, -8.1), (138, -8.4), (137.7, -5.3), (135.2, -4.4), (133.7, -3.7), (132.2, -2.2)]
AUSTRALIA = [
    (113.5, -22), (114.1, -21.8), (116.7, -20.6), (121, -19.5), (122.2, -17.2), (125.4, -14.5), (127, -13.8),
    (129.6, -14.9), (130.2, -12.9), (132.6, -11.6), (135.9, -12.2), (136.8, -12.3), (136, -15), (139.3, -17.4),
    (140.8, -17.4), (141.6, -12.6), (142.5, -10.7), (143.6, -14.2), (145.3, -14.9), (146.3, -18.9), (149.5, -22.4),
    (153.1, -25), (153.6, -28.5), (152.9, -31.5), (150.1, -36.2), (149.9, -37.5), (146.3, -39), (144, -38.2),
    (141, -38), (139.6, -36.9), (138, -34.3), (137.5, -35.5), (135.9, -34.8), (135.6, -34.3), (134, -32.6),
    (131.1, -31.5), (126, -32.3), (123.5, -33.9), (119.9, -34), (117.6, -35.1), (115, -34.3), (115.7, -31.6),
    (114.9, -29), (113.4, -26.1),
]
TASMANIA = [(145, -40.8), (148.3, -40.9), (148, -43.2), (146.5, -43.6), (145.2, -42.2)]

# (rings, territories that may own its pixels)
LANDMASSES = [
    ([NORTH_AMERICA], ["alaska", "northwest_territory", "alberta", "ontario", "quebec", "western_united_states",
                       "eastern_united_states", "central_america"]),
    ([BAFFIN, ELLESMERE, VICTORIA], ["northwest_territory"]),
    ([GREENLAND], ["greenland"]),
    ([SOUTH_AMERICA], ["venezuela", "peru", "brazil", "argentina"]),
    ([ICELAND], ["iceland"]),
    ([BRITAIN, IRELAND], ["great_britain"]),
    ([EURASIA], ["scandinavia", "northern_europe", "western_europe", "southern_europe", "ukraine", "ural", "siberia",
                 "yakutsk", "kamchatka", "irkutsk", "mongolia", "afghanistan", "china", "middle_east", "india",
                 "siam"]),
    ([SRI_LANKA], ["india"]),
    ([AFRICA], ["north_africa", "egypt", "east_africa", "congo", "south_africa"]),
    ([MADAGASCAR], ["madagascar"]),
    ([HONSHU, HOKKAIDO], ["japan"]),
    ([SUMATRA, JAVA, BORNEO, SULAWESI], ["indonesia"]),
    ([NEW_GUINEA], ["new_guinea"]),
    ([AUSTRALIA, TASMANIA], ["western_australia", "eastern_australia"]),
]
WATER = [BLACK_SEA, CASPIAN]

# Seeds (lon, lat): the first is where the army stands; the rest shape the territory.
SEEDS = {
    "alaska": [(-152, 64), (-160, 60)],
    "northwest_territory": [(-118, 64), (-102, 65), (-132, 64)],
    "greenland": [(-42, 73)],
    "alberta": [(-117, 55), (-125, 55), (-131, 57)],
    "ontario": [(-95, 52), (-88, 49)],
    "quebec": [(-72, 53), (-65, 55), (-74, 48)],
    "western_united_states": [(-112, 41), (-120, 44), (-106, 34)],
    "eastern_united_states": [(-87, 37), (-78, 41), (-84, 32), (-95, 39)],
    "central_america": [(-101, 23), (-89, 16), (-81, 9)],
    "venezuela": [(-66, 6), (-74, 6)],
    "peru": [(-73, -11), (-66, -18)],
    "brazil": [(-50, -9), (-57, -20), (-55, -2)],
    "argentina": [(-65, -36), (-68, -47), (-60, -29)],
    "iceland": [(-19, 65)],
    "scandinavia": [(15, 63), (25, 67), (10, 60)],
    "great_britain": [(-2.5, 53)],
    "northern_europe": [(15, 52), (22, 53), (9, 54)],
    "western_europe": [(1, 46), (-4, 40)],
    "southern_europe": [(16, 43.5), (22.5, 40.5), (12.5, 43.8)],
    "ukraine": [(40, 55), (50, 60), (30, 50), (45, 49), (37, 66)],
    "north_africa": [(-2, 22), (7, 30), (10, 15), (-12, 18), (17, 19)],
    "egypt": [(28, 27)],
    "east_africa": [(39, 7), (35, -4), (45, 5), (30, 13)],
    "congo": [(20, 0), (17, -8), (22, 5)],
    "south_africa": [(24, -25), (30, -17)],
    "madagascar": [(46.7, -19)],
    "ural": [(63, 58), (66, 66), (58, 52), (73, 54)],
    "siberia": [(86, 62), (92, 72), (88, 56)],
    "yakutsk": [(124, 65), (124, 71)],
    "kamchatka": [(158, 63), (172, 66), (145, 61)],
    "irkutsk": [(108, 57), (118, 56)],
    "mongolia": [(104, 47), (118, 46), (125, 50), (94, 49)],
    "japan": [(138, 37)],
    "afghanistan": [(64, 42), (62, 35), (71, 40)],
    "china": [(108, 31), (115, 27), (90, 36), (116, 36), (84, 45), (88, 49)],
    "middle_east": [(45, 28), (40, 36), (53, 33), (48, 20)],
    "india": [(78, 21), (77, 13)],
    "siam": [(102, 16), (101, 6)],
    "indonesia": [(113.5, 0)],
    "new_guinea": [(142, -5.5)],
    "western_australia": [(122, -25)],
    "eastern_australia": [(144, -26), (145, -17)],
}

# Where each continent's name and bonus stand (pixels): on open sea beside the continent, clear of every
# army, territory name and the dice tray (the window draws them; tests/game/test_risk_labels.py checks).
CONTINENT_LABELS = {
    "north_america": (92, 478), "south_america": (118, 548), "europe": (371, 296),
    "africa": (440, 540), "asia": (698, 518), "australia": (916, 668),
}
COMPASS = (448, 650)   # in the South Atlantic, out of the dice tray's corner
CONTINENT_COLOURS = {  # the classic board's scheme, softened to sit under seat colours
    "north_america": (214, 168, 64), "south_america": (206, 92, 72), "europe": (92, 132, 206),
    "africa": (170, 116, 70), "asia": (104, 168, 96), "australia": (170, 98, 178),
}


# ----- projection ------------------------------------------------------------------------------
def _merc(lat: float) -> float:
    return math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))


_M_TOP, _M_BOTTOM = _merc(LAT_NORTH), _merc(LAT_SOUTH)
# Magnifiers (center lon/lat, strength, radius px): push points away from these centres so the
# crowded parts of the classic board get room for their armies.
MAGNIFIERS = [((12, 50), 0.55, 110.0), ((-90, 15), 0.25, 60.0)]


def _raw(lon: float, lat: float) -> tuple[float, float]:
    lat = max(LAT_SOUTH, min(LAT_NORTH, lat))
    x = MAP_RECT.x + (lon - LON_WEST) / (LON_EAST - LON_WEST) * MAP_RECT.w
    y = MAP_RECT.y + 10 + (_M_TOP - _merc(lat)) / (_M_TOP - _M_BOTTOM) * (MAP_RECT.h - 20)
    return x, y


_MAG_CENTRES = [(_raw(*c), s, r) for c, s, r in MAGNIFIERS]


def project(lon: float, lat: float) -> tuple[float, float]:
    x, y = _raw(lon, lat)
    dx_total = dy_total = 0.0
    for (cx, cy), strength, radius in _MAG_CENTRES:
        dx, dy = x - cx, y - cy
        fall = strength * math.exp(-(dx * dx + dy * dy) / (2 * radius * radius))
        dx_total += dx * fall
        dy_total += dy * fall
    return x + dx_total, y + dy_total


def ring_px(ring) -> list[tuple[float, float]]:
    return [project(lon, lat) for lon, lat in ring]


# ----- noise for wandering borders --------------------------------------------------------------
def _hash(ix: int, iy: int, salt: int) -> float:
    h = (ix * 374761393 + iy * 668265263 + salt * 982451653) & 0xFFFFFFFF
    h = ((h ^ (h >> 13)) * 1274126177) & 0xFFFFFFFF
    return ((h ^ (h >> 16)) & 0xFFFF) / 0xFFFF * 2 - 1


def value_noise(x: float, y: float, salt: int) -> float:
    ix, iy = math.floor(x), math.floor(y)
    fx, fy = x - ix, y - iy
    sx, sy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
    a, b = _hash(ix, iy, salt), _hash(ix + 1, iy, salt)
    c, d = _hash(ix, iy + 1, salt), _hash(ix + 1, iy + 1, salt)
    return (a + (b - a) * sx) + ((c + (d - c) * sx) - (a + (b - a) * sx)) * sy


def warp(x: float, y: float) -> tuple[float, float]:
    """Shift a point by smooth noise (two octaves), so nearest-seed borders wander."""
    ox = 9 * value_noise(x / 38, y / 38, 1) + 4 * value_noise(x / 13, y / 13, 2)
    oy = 9 * value_noise(x / 38, y / 38, 3) + 4 * value_noise(x / 13, y / 13, 4)
    return x + ox, y + oy


# ----- raster work ---------------------------------------------------------------------------------
def landmass_index_surface(scale: int) -> pygame.Surface:
    """An 8-bit surface whose pixel value is 1 + landmass index (0: sea) at 1/scale resolution."""
    w, h = SIZE[0] // scale, SIZE[1] // scale
    surf = pygame.Surface((w, h), depth=8)
    surf.set_palette([(i, i, i) for i in range(256)])
    surf.fill(0)
    for index, (rings, _) in enumerate(LANDMASSES):
        for ring in rings:
            pygame.draw.polygon(surf, index + 1, [(x / scale, y / scale) for x, y in ring_px(ring)])
    for ring in WATER:
        pygame.draw.polygon(surf, 0, [(x / scale, y / scale) for x, y in ring_px(ring)])
    return surf


def land_mask_full() -> pygame.Mask:
    surf = pygame.Surface(SIZE, pygame.SRCALPHA)
    for rings, _ in LANDMASSES:
        for ring in rings:
            pygame.draw.polygon(surf, (255, 255, 255, 255), ring_px(ring))
    for ring in WATER:
        pygame.draw.polygon(surf, (0, 0, 0, 0), ring_px(ring))
    return pygame.mask.from_surface(surf)


def assign_pixels() -> dict[str, pygame.Mask]:
    """Full-resolution mask per territory."""
    small = landmass_index_surface(GRID)
    w, h = small.get_size()
    data = pygame.image.tobytes(small, "P")
    seeds = {tid: [project(*p) for p in pts] for tid, pts in SEEDS.items()}
    candidates = []
    for _, territories in LANDMASSES:
        candidates.append([(tid, sx, sy) for tid in territories for sx, sy in seeds[tid]])
    small_masks = {tid: pygame.Mask((w, h)) for tid in SEEDS}
    for y in range(h):
        row = y * w
        for x in range(w):
            land = data[row + x]
            if not land:
                continue
            px, py = warp((x + 0.5) * GRID, (y + 0.5) * GRID)
            best, best_d = None, 1e18
            for tid, sx, sy in candidates[land - 1]:
                d = (px - sx) ** 2 + (py - sy) ** 2
                if d < best_d:
                    best, best_d = tid, d
            small_masks[best].set_at((x, y))
    full_land = land_mask_full()
    out = {}
    for tid, m in small_masks.items():
        big = m.scale(SIZE)
        out[tid] = big.overlap_mask(full_land, (0, 0))
    return out


def simplify(points, tolerance: float):
    """Douglas-Peucker on an open polyline."""
    if len(points) < 3:
        return list(points)
    (x1, y1), (x2, y2) = points[0], points[-1]
    dx, dy = x2 - x1, y2 - y1
    norm = math.hypot(dx, dy) or 1e-9
    far, far_d = 0, -1.0
    for i in range(1, len(points) - 1):
        px, py = points[i]
        d = abs(dy * (px - x1) - dx * (py - y1)) / norm if (dx or dy) else math.hypot(px - x1, py - y1)
        if d > far_d:
            far, far_d = i, d
    if far_d <= tolerance:
        return [points[0], points[-1]]
    return simplify(points[:far + 1], tolerance)[:-1] + simplify(points[far:], tolerance)


def simplify_ring(ring, tolerance: float):
    if len(ring) < 8:
        return ring
    # split at the point farthest from the first so both halves are open polylines
    x0, y0 = ring[0]
    far = max(range(len(ring)), key=lambda i: (ring[i][0] - x0) ** 2 + (ring[i][1] - y0) ** 2)
    a = simplify(ring[:far + 1], tolerance)
    b = simplify(ring[far:] + [ring[0]], tolerance)
    return a[:-1] + b[:-1]


def chaikin(ring, rounds: int = 1):
    for _ in range(rounds):
        out = []
        n = len(ring)
        for i in range(n):
            (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
            out.append((0.75 * x1 + 0.25 * x2, 0.75 * y1 + 0.25 * y2))
            out.append((0.25 * x1 + 0.75 * x2, 0.25 * y1 + 0.75 * y2))
        ring = out
    return ring


def mask_rings(mask: pygame.Mask, min_pixels: int = 30, tolerance: float = 1.1) -> list[list[list[float]]]:
    rings = []
    for comp in mask.connected_components(min_pixels):
        outline = comp.outline()
        if len(outline) < 3:
            continue
        ring = chaikin(simplify_ring([(float(x), float(y)) for x, y in outline], tolerance), 1)
        rings.append([[round(x, 1), round(y, 1)] for x, y in ring])
    return rings


def inner_point(mask: pygame.Mask, preferred) -> tuple[int, int]:
    """`preferred` if it is well inside the territory, else the most inward point (by erosion)."""
    px, py = int(preferred[0]), int(preferred[1])
    probe = pygame.Mask((15, 15), fill=True)
    if 0 <= px < SIZE[0] and 0 <= py < SIZE[1] and mask.overlap_area(probe, (px - 7, py - 7)) >= 200:
        return px, py
    best = max(mask.connected_components(1), key=lambda c: c.count())
    return tuple(int(v) for v in best.centroid())


def nearest_points(ring_a, ring_b):
    best = None
    for ax, ay in ring_a[::2]:
        for bx, by in ring_b[::2]:
            d = (ax - bx) ** 2 + (ay - by) ** 2
            if best is None or d < best[0]:
                best = (d, (ax, ay), (bx, by))
    return best[1], best[2]


def touching(a: pygame.Mask, b: pygame.Mask) -> bool:
    grown = pygame.Mask((5, 5), fill=True)
    return a.convolve(grown).overlap(b, (2, 2)) is not None


# ----- the whole map -------------------------------------------------------------------------------
def build(board: dict) -> tuple[dict, dict[str, pygame.Mask]]:
    ids = [t["id"] for t in board["territories"]]
    missing = [t for t in ids if t not in SEEDS]
    extra = [t for t in SEEDS if t not in ids]
    if missing or extra:
        raise SystemExit(f"seeds and board disagree: missing {missing}, unknown {extra}")
    masks = assign_pixels()
    territories = {}
    for tid in ids:
        rings = mask_rings(masks[tid])
        if not rings:
            raise SystemExit(f"{tid} got no land: move its seeds")
        army = inner_point(masks[tid], project(*SEEDS[tid][0]))
        territories[tid] = {"polygons": rings, "army": list(army)}
    continents = {}
    for c in board["continents"]:
        union = pygame.Mask(SIZE)
        for tid in c["territories"]:
            union.draw(masks[tid], (0, 0))
        grown = union.convolve(pygame.Mask((3, 3), fill=True))  # closes hairline gaps between members
        shifted = pygame.Mask(SIZE)
        shifted.draw(grown, (-1, -1))
        cx, cy = CONTINENT_LABELS[c["id"]]
        continents[c["id"]] = {"polygons": mask_rings(shifted, 60, 1.3), "label": [int(cx), int(cy)],
                               "colour": list(CONTINENT_COLOURS[c["id"]])}
    sea_lines = []
    adjacency = {t["id"]: t["adjacent"] for t in board["territories"]}
    for a in ids:
        for b in adjacency[a]:
            if a < b and not touching(masks[a], masks[b]):
                ring_a = max(territories[a]["polygons"], key=len)
                ring_b = max(territories[b]["polygons"], key=len)
                pa, pb = nearest_points(sum(territories[a]["polygons"], []), sum(territories[b]["polygons"], []))
                wraps = abs(pa[0] - pb[0]) > MAP_RECT.w / 2
                if wraps:  # across the board edge: each end runs off its own side
                    west, east = (pa, pb) if pa[0] < pb[0] else (pb, pa)
                    west = min(ring_a + ring_b, key=lambda p: p[0])
                    east = max(ring_a + ring_b, key=lambda p: p[0])
                    segments = [[list(west), [MAP_RECT.x, west[1] - 8]], [list(east), [MAP_RECT.right, east[1] - 8]]]
                else:
                    segments = [[list(pa), list(pb)]]
                sea_lines.append({"a": a, "b": b, "segments": segments})
    geometry = {
        "size": list(SIZE),
        "map_rect": [MAP_RECT.x, MAP_RECT.y, MAP_RECT.w, MAP_RECT.h],
        "territories": territories,
        "continents": continents,
        "sea_lines": sea_lines,
        "land": [[[round(x, 1), round(y, 1)] for x, y in ring_px(r)] for rings, _ in LANDMASSES for r in rings],
        "water": [[[round(x, 1), round(y, 1)] for x, y in ring_px(r)] for r in WATER],
    }
    return geometry, masks


# ----- painting the background ------------------------------------------------------------------
SEA_DEEP, SEA_SHALLOW = (18, 44, 74), (34, 80, 118)
LAND, LAND_DARK = (206, 190, 150), (160, 142, 104)


def paint(geometry: dict, masks: dict[str, pygame.Mask], board: dict) -> pygame.Surface:
    surf = pygame.Surface(SIZE)
    rect = pygame.Rect(geometry["map_rect"])
    # sea: vertical gradient
    for y in range(SIZE[1]):
        t = y / SIZE[1]
        surf.fill(tuple(int(SEA_DEEP[i] + (SEA_SHALLOW[i] - SEA_DEEP[i]) * (0.5 + 0.5 * math.sin(t * 3.1)))
                        for i in range(3)), (0, y, SIZE[0], 1))
    # graticule every 30 degrees
    grid = pygame.Surface(SIZE, pygame.SRCALPHA)
    for lon in range(-150, 181, 30):
        pygame.draw.lines(grid, (170, 200, 230, 28), False, [project(lon, lat) for lat in range(-56, 81, 4)], 1)
    for lat in range(-40, 81, 20):
        pygame.draw.lines(grid, (170, 200, 230, 28), False,
                          [project(lon, lat) for lon in range(int(LON_WEST), int(LON_EAST) + 1, 4)], 1)
    surf.blit(grid, (0, 0))
    land_mask = pygame.Mask(SIZE)
    for m in masks.values():
        land_mask.draw(m, (0, 0))
    # shallow-water halo around coasts, then a drop shadow
    for radius, alpha in ((14, 18), (9, 26), (5, 40)):
        halo = land_mask.convolve(pygame.Mask((2 * radius + 1, 2 * radius + 1), fill=True))
        ring = halo.to_surface(setcolor=(120, 180, 210, alpha), unsetcolor=(0, 0, 0, 0))
        surf.blit(ring, (-radius, -radius))
    shadow = land_mask.to_surface(setcolor=(0, 0, 0, 90), unsetcolor=(0, 0, 0, 0))
    surf.blit(shadow, (3, 4))
    # land: parchment with a soft speckle so it is not flat
    land = pygame.Surface(SIZE, pygame.SRCALPHA)
    land.fill((*LAND, 255))
    for i in range(9000):
        x = int((_hash(i, 1, 7) * 0.5 + 0.5) * SIZE[0])
        y = int((_hash(i, 2, 7) * 0.5 + 0.5) * SIZE[1])
        shade = 14 * _hash(i, 3, 7)
        c = tuple(max(0, min(255, int(v + shade))) for v in LAND)
        pygame.draw.circle(land, c, (x, y), 2)
    land_only = land_mask.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
    land.blit(land_only, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(land, (0, 0))
    # sea lines (dashed, white)
    for line in geometry["sea_lines"]:
        for (x1, y1), (x2, y2) in line["segments"]:
            _dashed(surf, (236, 236, 226), (x1, y1), (x2, y2), 7, 5, 2)
    # continent names and bonuses are the window's to draw (game.risk.labels), with the territory names
    # compass rose
    _compass(surf, COMPASS)
    pygame.draw.rect(surf, (8, 16, 28), rect, 3)
    return surf


def _dashed(surf, colour, a, b, dash, gap, width):
    length = math.dist(a, b)
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        e = min(length, t + dash)
        pygame.draw.line(surf, colour, (a[0] + ux * t, a[1] + uy * t), (a[0] + ux * e, a[1] + uy * e), width)
        t = e + gap


def _compass(surf, centre):
    cx, cy = centre
    colour = (200, 210, 220)
    for angle, length in ((0, 34), (90, 34), (180, 34), (270, 34), (45, 18), (135, 18), (225, 18), (315, 18)):
        r = math.radians(angle)
        tip = (cx + math.sin(r) * length, cy - math.cos(r) * length)
        left = (cx + math.sin(r - 1.2) * 6, cy - math.cos(r - 1.2) * 6)
        right = (cx + math.sin(r + 1.2) * 6, cy - math.cos(r + 1.2) * 6)
        pygame.draw.polygon(surf, colour, [tip, left, (cx, cy), right])
    pygame.draw.circle(surf, colour, centre, 22, 1)
    f = pygame.font.Font(None, 20)
    n = f.render("N", True, colour)
    surf.blit(n, n.get_rect(midbottom=(cx, cy - 36)))


def main(argv=None) -> int:
    board = json.loads(BOARD_FILE.read_text())
    pygame.init()
    pygame.display.set_mode((1, 1))
    geometry, masks = build(board)
    MAP_FILE.write_text(json.dumps(geometry, separators=(",", ":")) + "\n")
    ART_FILE.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(paint(geometry, masks, board), str(ART_FILE))
    print(f"wrote {MAP_FILE.relative_to(ROOT)} and {ART_FILE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
