"""The look of Sandtable: palette, seat colours, fonts and drawing helpers.

Every scene (menus and boards alike) draws through here so the whole window
shares one style: a dark war-room table, brass accents, parchment text.
`set_colour_blind(True)` swaps seat colours for the Okabe-Ito set, which stays
distinguishable under the common colour-vision deficiencies, and turns on the marks
that tell seats apart without hue: each seat's tokens and swatches take its own shape
(`seat_shape`, `draw_shape`), and the second of two sides' counters are striped
(`striped`, `draw_stripes`). game/colour_vision.py simulates what a deficient eye sees.
"""
import math
from dataclasses import dataclass

import pygame

# ----- palette -----------------------------------------------------------------


@dataclass(frozen=True)
class Palette:
    background: tuple = (16, 22, 34)
    background_glow: tuple = (34, 48, 72)
    panel: tuple = (27, 36, 54)
    panel_light: tuple = (40, 53, 78)
    panel_border: tuple = (86, 104, 138)
    text: tuple = (236, 228, 208)
    text_dim: tuple = (150, 156, 170)
    text_dark: tuple = (20, 22, 28)
    accent: tuple = (226, 178, 76)        # brass: titles, focus, primary buttons
    accent_dark: tuple = (150, 108, 36)
    good: tuple = (104, 196, 120)
    bad: tuple = (228, 92, 84)
    warning: tuple = (240, 196, 80)
    shadow: tuple = (0, 0, 0)
    button: tuple = (50, 66, 96)
    button_hover: tuple = (66, 88, 128)
    button_pressed: tuple = (36, 48, 72)
    button_disabled: tuple = (38, 42, 52)
    sea: tuple = (22, 52, 84)
    sea_light: tuple = (32, 72, 110)
    seats: tuple = ((206, 62, 58), (58, 112, 210), (70, 168, 84), (226, 186, 52), (150, 86, 190), (236, 132, 44),
                    (60, 188, 188), (220, 110, 170))
    neutral: tuple = (138, 134, 126)


STANDARD = Palette()
# Okabe & Ito (2008) colours: safe for protanopia, deuteranopia and tritanopia.
COLOUR_BLIND = Palette(
    seats=((213, 94, 0), (0, 114, 178), (0, 158, 115), (240, 228, 66), (204, 121, 167), (86, 180, 233),
           (230, 159, 0), (250, 250, 250)),
    good=(0, 158, 115), bad=(213, 94, 0), warning=(240, 228, 66),
)

colours: Palette = STANDARD

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "Teal", "Pink")
SEAT_NAMES_COLOUR_BLIND = ("Vermilion", "Blue", "Green", "Yellow", "Pink", "Sky", "Amber", "White")


def set_colour_blind(on: bool) -> None:
    global colours
    colours = COLOUR_BLIND if on else STANDARD


def is_colour_blind() -> bool:
    return colours is COLOUR_BLIND


def seat_colour(seat: int | None) -> tuple:
    """The colour of a seat; -1 or None is the neutral army."""
    if seat is None or seat < 0:
        return colours.neutral
    return colours.seats[seat % len(colours.seats)]


SEAT_SHAPES = ("circle", "square", "diamond", "hexagon", "pentagon", "triangle", "octagon", "star")


def marks() -> bool:
    """Whether seats are told apart by shape and pattern as well as hue (the colour-blind setting)."""
    return is_colour_blind()


def seat_shape(seat: int | None) -> str:
    """The shape of a seat's tokens and swatches: its own with the colour-blind marks on, else a circle."""
    if not marks() or seat is None or seat < 0:
        return "circle"
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def striped(side: int | None) -> bool:
    """Whether the counters of this side (0 or 1 in a game of two sides) carry stripes: the second side's, with
    the colour-blind marks on."""
    return marks() and side == 1


def shape_points(shape: str, centre, r: float) -> list[tuple[float, float]]:
    """The corners of a shape of radius `r` about `centre` (a circle: none)."""
    cx, cy = centre
    corners = {"square": (4, 45), "diamond": (4, 0), "hexagon": (6, 30), "pentagon": (5, 0), "triangle": (3, 180),
               "octagon": (8, 22.5)}
    if shape == "star":
        return [(cx + (r if i % 2 == 0 else r * 0.5) * math.sin(math.pi * i / 5),
                 cy - (r if i % 2 == 0 else r * 0.5) * math.cos(math.pi * i / 5)) for i in range(10)]
    if shape not in corners:
        return []
    n, turn = corners[shape]
    scale = {"square": 1.18, "triangle": 1.25}.get(shape, 1.05)   # about a circle's area, so none looks larger
    return [(cx + r * scale * math.sin(math.radians(turn + 360 * i / n)),
             cy - r * scale * math.cos(math.radians(turn + 360 * i / n))) for i in range(n)]


def draw_shape(surface: pygame.Surface, shape: str, centre, r: float, colour, width: int = 0) -> None:
    """A seat's shape (`seat_shape`) filled, or outlined `width` wide."""
    points = shape_points(shape, centre, r)
    if points:
        pygame.draw.polygon(surface, colour, points, width)
    else:
        pygame.draw.circle(surface, colour, (round(centre[0]), round(centre[1])), round(r), width)


def draw_stripes(surface: pygame.Surface, rect, ink, *, every: int = 6, width: int = 2) -> None:
    """Diagonal stripes over `rect` (clipped to it): the second side's pattern."""
    rect = pygame.Rect(rect)
    before = surface.get_clip()
    surface.set_clip(rect.clip(before) if before else rect)
    for x in range(rect.x - rect.h, rect.right, max(3, every)):
        pygame.draw.line(surface, ink, (x, rect.bottom), (x + rect.h, rect.y), width)
    surface.set_clip(before)


def seat_colour_name(seat: int) -> str:
    names = SEAT_NAMES_COLOUR_BLIND if is_colour_blind() else SEAT_NAMES
    return "Neutral" if seat < 0 else names[seat % len(names)]


def lighten(colour, amount: float = 0.25) -> tuple:
    return tuple(min(255, int(c + (255 - c) * amount)) for c in colour[:3])


def darken(colour, amount: float = 0.25) -> tuple:
    return tuple(max(0, int(c * (1 - amount))) for c in colour[:3])


def text_on(colour) -> tuple:
    """Dark or light text, whichever reads better on `colour`."""
    r, g, b = colour[:3]
    return colours.text_dark if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else colours.text


# ----- fonts -------------------------------------------------------------------
# Noto Sans as shipped inside pygame_gui (installed with the game, no downloads);
# pygame's own default font if it is missing. Sizes are given on the scale of
# pygame's default font and converted, so either face fills about the same space.
SIZE_SMALL, SIZE_BODY, SIZE_LARGE, SIZE_TITLE = 18, 22, 32, 64
NOTO_SCALE = 0.74
_fonts: dict[tuple, pygame.font.Font] = {}


def _font_file(bold: bool):
    try:
        from importlib.resources import files
        path = files("pygame_gui.data") / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
        return str(path) if path.is_file() else None
    except (ImportError, ModuleNotFoundError):
        return None


def font(size: int = SIZE_BODY, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():   # (again after a pygame.quit, without a new App: what was made before is dead)
        reset_caches()
        pygame.font.init()
    key = (size, bold)
    if key not in _fonts:
        path = _font_file(bold)
        if path:
            f = pygame.font.Font(path, max(8, round(size * NOTO_SCALE)))
        else:
            f = pygame.font.Font(None, size)
            f.bold = bold
        _fonts[key] = f
    return _fonts[key]


# ----- drawing helpers ---------------------------------------------------------
_text_cache: dict[tuple, pygame.Surface] = {}
generation = 0   # counts reset_caches(): surfaces cached before the last reset are not to be used
_TEXT_CACHE_LIMIT = 2048


def render_text(text: str, size: int = SIZE_BODY, colour=None, bold: bool = False) -> pygame.Surface:
    """A cached text surface: scenes redraw the same labels every frame."""
    colour = tuple(colour or colours.text)
    key = (text, size, colour, bold)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > _TEXT_CACHE_LIMIT:
            _text_cache.clear()
        surf = _render_line(text, size, colour, bold)
        _text_cache[key] = surf
    return surf


# Why lines are laid out word by word: at small sizes the font's hinting rounds some glyphs' advance
# down while their ink stays wide (Noto's "4" at 11-13 px is inked a pixel past its advance), and
# SDL_ttf starts the next glyph at the rounded pen position, so the 3-pixel space after such a glyph
# all but vanishes ("4 3" read as "43", "Bot 4places"). Each word is rendered alone, and its surface
# spans its ink as well as its advance, so a word is placed after the previous word's ink plus a whole
# space: every gap between words is a full space, whatever glyph ends the word.
def _words(text: str):
    return text.split(" ")


_word_widths: dict[tuple, dict[str, int]] = {}   # per font (size, bold): words' widths, as SDL_ttf measured them
_WIDTHS_LIMIT = 8192


def _widths(size: int, bold: bool) -> tuple[pygame.font.Font, dict[str, int]]:
    """The font and its table of words' widths: wrapping and fitting measure the same words again and again."""
    f = font(size, bold)   # first: a font made again (after pygame quit) empties the tables
    table = _word_widths.get((size, bold))
    if table is None or len(table) > _WIDTHS_LIMIT:
        table = _word_widths[size, bold] = {"": 0, " ": f.size(" ")[0]}
    return f, table


def _word_width(f: pygame.font.Font, word: str, table: dict[str, int]) -> int:
    """A word's rendered width: SDL_ttf sizes a word's surface to hold its ink as well as its advance."""
    width = table.get(word)
    if width is None:
        width = table[word] = f.size(word)[0]
    return width


def text_width(text: str, size: int = SIZE_BODY, bold: bool = False) -> int:
    """How wide `render_text(text, size)` is, in pixels (measure with this, not the font's own size())."""
    f, table = _widths(size, bold)
    words = _words(text)
    return sum(_word_width(f, w, table) for w in words) + table[" "] * (len(words) - 1)


def fit_text(text: str, width: int, size: int = SIZE_BODY, bold: bool = False) -> str:
    """`text`, cut with an ellipsis so it fits `width` pixels at font `size`."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def _render_line(text: str, size: int, colour, bold: bool) -> pygame.Surface:
    f, table = _widths(size, bold)
    words = _words(text)
    if len(words) == 1:
        return f.render(text or " ", True, colour)
    space = table[" "]
    surf = pygame.Surface((max(1, text_width(text, size, bold)), f.get_height()), pygame.SRCALPHA)
    surf.fill((*colour[:3], 0))
    x = 0
    for word in words:
        if word:
            rendered = f.render(word, True, colour)
            surf.blit(rendered, (x, 0), special_flags=pygame.BLEND_RGBA_MAX)
        x += _word_width(f, word, table) + space
    return surf


def draw_text(surface: pygame.Surface, text: str, pos, size: int = SIZE_BODY, colour=None, *,
              bold: bool = False, shadow: bool = True, anchor: str = "topleft") -> pygame.Rect:
    """Draw `text` with its `anchor` ("topleft", "center", "midtop", ...) at `pos`; returns its rect."""
    surf = render_text(text, size, colour, bold)
    rect = surf.get_rect(**{anchor: pos})
    if shadow:
        offset = max(1, size // 16)
        surface.blit(render_text(text, size, colours.shadow, bold), rect.move(offset, offset))
    surface.blit(surf, rect)
    return rect


def wrap_text(text: str, width: int, size: int = SIZE_BODY, bold: bool = False) -> list[str]:
    """Split `text` into lines that fit `width` pixels (blank lines kept)."""
    f, table = _widths(size, bold)
    space = table[" "]
    lines = []
    for paragraph in text.split("\n"):
        line, line_width = "", 0   # a line's width is its words' and the spaces between (text_width)
        for word in paragraph.split(" "):
            word_width = _word_width(f, word, table)
            if not line:
                line, line_width = word, word_width
            elif line_width + space + word_width <= width:
                line, line_width = f"{line} {word}", line_width + space + word_width
            else:
                lines.append(line)
                line, line_width = word, word_width
        lines.append(line)
    return lines


def whole_lines(text: str, width: int, size: int = SIZE_BODY, bold: bool = False) -> list[str]:
    """`text` wrapped to `width` pixels as `wrap_text` does, and a word too long for a line (a long name, a file's)
    broken across lines: every character shown, none past `width`. (`wrap_text` leaves such a word whole, so
    that `wrapped_fit` can tell a size is too large.)"""
    out = []
    for line in wrap_text(text, width, size, bold):
        while len(line) > 1 and text_width(line, size, bold) > width:
            cut = len(line) - 1
            while cut > 1 and text_width(line[:cut], size, bold) > width:
                cut -= 1
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out


def wrapped_fit(text: str, width: int, options, bold: bool = False) -> tuple[int, list[str]] | None:
    """The first of `options`, (size, most lines), at which `text` wraps into that many lines of `width` pixels,
    and those lines; None when none does."""
    for size, most in options:
        lines = wrap_text(text, width, size, bold)
        if len(lines) <= most and all(text_width(line, size, bold) <= width for line in lines):
            return size, lines
    return None


def fit_lines(text: str, width: int, options, bold: bool = False) -> tuple[int, list[str]]:
    """`text` set to fit a box by design (`wrapped_fit`). When no option fits, the last one's lines, the last of
    them cut (a box too small for its text: the screens-fit tests find it)."""
    fitted = wrapped_fit(text, width, options, bold)
    if fitted is not None:
        return fitted
    size, most = options[-1]
    lines = wrap_text(text, width, size, bold)
    return size, lines[:most - 1] + [fit_text(" ".join(lines[most - 1:]), width, size, bold)]


def draw_panel(surface: pygame.Surface, rect, colour=None, *, border=None, radius: int = 12,
               alpha: int = 235, border_width: int = 2) -> None:
    """A rounded panel, slightly translucent so the table shows through."""
    rect = pygame.Rect(rect)
    colour = colour or colours.panel
    border = border or colours.panel_border
    if alpha < 255:
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*colour[:3], alpha), panel.get_rect(), border_radius=radius)
        surface.blit(panel, rect)
    else:
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border_width:
        pygame.draw.rect(surface, border, rect, border_width, border_radius=radius)


BUTTON_STATES = ("normal", "hover", "pressed", "disabled")


def draw_button(surface: pygame.Surface, rect, label: str, state: str = "normal", *, primary: bool = False,
                size: int = SIZE_BODY, focused: bool = False, hotkey: str | None = None, danger: bool = False) -> None:
    """A bevelled button in one of BUTTON_STATES; `primary` ones are brass, `danger` ones (what gives something
    up: a surrender, a card let go) rimmed and lettered in the warning red."""
    rect = pygame.Rect(rect)
    if primary and state != "disabled":
        base = {"normal": colours.accent_dark, "hover": colours.accent, "pressed": darken(colours.accent_dark, 0.2)}[state]
    else:
        base = {"normal": colours.button, "hover": colours.button_hover, "pressed": colours.button_pressed,
                "disabled": colours.button_disabled}[state]
    sink = 2 if state == "pressed" else 0
    body = rect.move(0, sink)
    if state != "pressed":
        pygame.draw.rect(surface, darken(base, 0.45), rect.move(0, 3), border_radius=10)
    pygame.draw.rect(surface, base, body, border_radius=10)
    # a highlight along the top edge gives the bevel
    top = pygame.Rect(body.x + 3, body.y + 2, body.w - 6, max(2, body.h // 2 - 2))
    pygame.draw.rect(surface, lighten(base, 0.05), top, border_top_left_radius=8, border_top_right_radius=8)
    edge = colours.accent if (focused or state == "hover") and state != "disabled" else darken(base, 0.3)
    if danger and state != "disabled":
        edge = colours.bad
    pygame.draw.rect(surface, edge, body, 2, border_radius=10)
    text_colour = colours.text_dim if state == "disabled" else (text_on(base) if primary else
                                                                 lighten(colours.bad, 0.35) if danger else colours.text)
    key_size = SIZE_SMALL - 2
    shows_key = bool(hotkey) and state != "disabled"
    cap = pygame.Rect(0, 0, text_width(hotkey, key_size, True) + 10 if hotkey else 0, font(key_size, True).get_height() + 2)
    cap.midright = (body.right - 8, body.centery)
    centre = body.center
    if shows_key:
        width = text_width(label, size, primary)
        if width + 16 <= (body.w - 2 * cap.w - 16):
            pass                                          # room for the label centred and the key beside it
        elif width + cap.w + 26 <= body.w:                # the label centred in the room left of the key
            centre = ((body.x + cap.left) // 2, body.centery)
        elif body.h >= 46:                                # a tall button: the key under the label
            centre = (body.centerx, body.centery - 8)
            cap.midbottom = (body.centerx, body.bottom - 3)
    draw_text(surface, label, centre, size, text_colour, bold=primary, anchor="center",
              shadow=state != "disabled" and not primary)
    if shows_key:
        draw_keycap(surface, cap, hotkey, key_size, base)


def draw_keycap(surface: pygame.Surface, rect, key: str, size: int, under) -> None:
    """A key's name on a small key cap (the shortcut a button or a menu entry answers to), clear on `under`."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, darken(under, 0.35), rect, border_radius=5)
    pygame.draw.rect(surface, lighten(under, 0.35), rect, 1, border_radius=5)
    draw_text(surface, key, rect.center, size, text_on(darken(under, 0.35)), bold=True, anchor="center", shadow=False)


def draw_seat_badge(surface: pygame.Surface, center, seat: int, radius: int = 12, *, label: str | None = None,
                    colour=None) -> None:
    """A coloured disc standing for a seat (its shape, with the colour-blind marks on), with an optional short
    label inside; `colour`: the one the seat plays in its game where that game gives its sides their own."""
    colour = colour or seat_colour(seat)
    shape = seat_shape(seat)
    draw_shape(surface, shape, (center[0], center[1] + 2), radius, darken(colour, 0.5))
    draw_shape(surface, shape, center, radius, colour)
    draw_shape(surface, shape, center, radius, lighten(colour, 0.4), 2)
    if label:
        draw_text(surface, label, center, max(12, radius + 4), text_on(colour), anchor="center", shadow=False, bold=True)


def draw_hint(surface: pygame.Surface, text: str, y: int | None = None) -> None:
    """The hint line at the bottom of a scene: what the keys do here."""
    w, h = surface.get_size()
    y = h - 22 if y is None else y
    draw_text(surface, text, (w // 2, y), SIZE_SMALL, colours.text_dim, anchor="center")


_backdrops: dict[tuple, pygame.Surface] = {}


def backdrop(size) -> pygame.Surface:
    """The table-top background: a vignette glow and a faint map grid, made once per size."""
    key = (tuple(size), colours)
    if key in _backdrops:
        return _backdrops[key]
    w, h = size
    surf = pygame.Surface((w, h))
    surf.fill(colours.background)
    glow = pygame.Surface((w, h), pygame.SRCALPHA)
    steps = 24
    for i in range(steps):
        t = i / steps
        colour = (*colours.background_glow, int(10 + 6 * t))
        pygame.draw.ellipse(glow, colour, pygame.Rect(0, 0, int(w * (1.4 - t)), int(h * (1.3 - t))).move(
            int(w * (t - 0.2) / 2), int(h * (t - 0.15) / 2)))
    surf.blit(glow, (0, 0))
    grid = lighten(colours.background, 0.06)
    for x in range(0, w, 64):
        pygame.draw.line(surf, grid, (x, 0), (x, h))
    for y in range(0, h, 64):
        pygame.draw.line(surf, grid, (0, y), (w, y))
    _backdrops.clear()
    _backdrops[key] = surf
    return surf


def draw_title(surface: pygame.Surface, text: str, y: int = 70, size: int = 56) -> pygame.Rect:
    """A scene heading in brass with an underline rule."""
    rect = draw_text(surface, text, (surface.get_width() // 2, y), size, colours.accent, bold=True, anchor="center")
    pygame.draw.line(surface, colours.accent_dark, (rect.left, rect.bottom + 6), (rect.right, rect.bottom + 6), 2)
    return rect


def reset_caches() -> None:
    """Forget fonts and rendered surfaces (they die with pygame.quit; a new App starts clean). Caches kept
    elsewhere compare `generation` to know theirs are stale too."""
    global generation
    generation += 1
    _fonts.clear()
    _word_widths.clear()
    _text_cache.clear()
    _backdrops.clear()
