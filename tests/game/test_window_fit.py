"""The window's size and place on a desktop (issue 17, items 4 and 5), as arithmetic; the same on a real X
server with a window manager is tests/desktop/test_real_input.py."""
import pygame

from game.scene import LOGICAL_SIZE
from game.window import MARGIN, MIN_SIZE, fits, fitting_size, placed_position

OPENBOX = (20, 1, 5, 1)   # (top, left, bottom, right): openbox's title bar and edges


def test_on_a_1366x768_laptop_the_window_and_its_frame_fit_with_the_pictures_shape():
    area = pygame.Rect(0, 0, 1366, 768)
    size = fitting_size(area.size, OPENBOX)
    assert fits(size, OPENBOX, area)
    assert abs(size[0] / size[1] - LOGICAL_SIZE[0] / LOGICAL_SIZE[1]) < 0.005
    assert size[1] == 768 - 20 - 5 - 2 * MARGIN       # as large as the height allows


def test_on_a_big_screen_the_window_is_the_logical_size_pixel_for_pixel():
    assert fitting_size((2560, 1400), OPENBOX) == LOGICAL_SIZE


def test_a_taskbar_is_kept_clear_the_placed_frame_lies_in_the_usable_area():
    area = pygame.Rect(0, 32, 1366, 768 - 32 - 48)     # a panel at the top, a taskbar at the bottom
    size = fitting_size(area.size, OPENBOX)
    x, y = placed_position(size, OPENBOX, area)
    top, left, bottom, right = OPENBOX
    outer = pygame.Rect(x - left, y - top, size[0] + left + right, size[1] + top + bottom)
    assert area.contains(outer)
    assert abs((outer.left - area.left) - (area.right - outer.right)) <= 1   # centred


def test_a_window_too_big_for_the_desktop_does_not_fit_and_a_tiny_screen_still_gets_a_usable_window():
    area = pygame.Rect(0, 0, 1366, 768)
    assert not fits((1600, 981), OPENBOX, area)          # the window that left full screen too big
    assert fitting_size((300, 200), OPENBOX) == MIN_SIZE
