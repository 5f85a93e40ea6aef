"""pygame_gui, fitted to the window: text entry lines themed like the rest.

The app hands scenes events already in logical coordinates and knows where the
mouse is on the logical surface; pygame_gui normally reads the real mouse and
only scales it (no letterbox offset), so `LogicalUIManager` takes both from the app.
"""
import pygame
import pygame_gui

from game import theme
from game.scene import GLOW, LOGICAL_SIZE, STILL


PLACEHOLDER_SIZE = 16


def placeholder_colour() -> tuple:
    """Greyer than any caption: an example, not a value (read when drawn: the theme may change)."""
    return theme.darken(theme.colours.text_dim, 0.25)


def _hex(colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour[:3])


def theme_dict() -> dict:
    c = theme.colours
    return {
        "text_entry_line": {
            "colours": {
                "dark_bg": _hex(theme.darken(c.panel, 0.35)),
                "normal_text": _hex(c.text),
                "selected_text": _hex(c.text_dark),
                "selected_bg": _hex(c.accent),
                "text_cursor": _hex(c.accent),
                "normal_border": _hex(c.panel_border),
                "focused_border": _hex(c.accent),
                "disabled_dark_bg": _hex(c.button_disabled),
                "disabled_text": _hex(c.text_dim),
            },
            "font": {"name": "noto_sans", "size": "16"},
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "8", "border_width": "2",
                     "padding": "10,6"},
        },
    }


class LogicalUIManager(pygame_gui.UIManager):
    def __init__(self, app):
        super().__init__(LOGICAL_SIZE, theme_dict(), enable_live_theme_updates=False)
        self.app = app

    def _update_mouse_position(self):
        self.mouse_position = self.app.mouse_pos

    def calculate_scaled_mouse_position(self, position):
        return int(position[0]), int(position[1])  # events arrive already mapped by the app


class TextField:
    """A one-line text entry (pygame_gui's UITextEntryLine) with a caption above it."""

    def __init__(self, manager: LogicalUIManager, rect, *, text: str = "", caption: str = "",
                 placeholder: str = "", max_length: int = 24, on_submit=None):
        self.manager = manager
        self.rect = pygame.Rect(rect)
        self.caption = caption
        self.placeholder = placeholder   # drawn here, greyed: pygame_gui would draw it like typed text
        self.on_submit = on_submit
        self.entry = pygame_gui.elements.UITextEntryLine(self.rect, manager)
        self.entry.set_text_length_limit(max_length)
        if text:
            self.entry.set_text(text)

    @property
    def text(self) -> str:
        return self.entry.get_text()

    @text.setter
    def text(self, value: str) -> None:
        self.entry.set_text(value)

    @property
    def focused(self) -> bool:
        return self.entry.is_focused

    def focus(self) -> None:
        self.manager.set_focus_set(self.entry)

    def unfocus(self) -> None:
        self.entry.unfocus()

    def handle_gui_event(self, event) -> bool:
        """Call for pygame_gui's own events; True when this field's Enter fired on_submit."""
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            if self.on_submit:
                self.on_submit(self.text)
            return True
        return False

    def draw_caption(self, surface) -> None:
        if self.caption:
            theme.draw_text(surface, self.caption, (self.rect.x + 2, self.rect.y - 24), theme.SIZE_SMALL,
                            theme.colours.text_dim)


    @property
    def placeholder_shown(self) -> bool:
        return bool(self.placeholder) and not self.text and not self.focused

    def draw_placeholder(self, surface) -> None:
        """The greyed example in an empty field, so it never reads as something already typed."""
        if self.placeholder_shown:
            theme.draw_text(surface, theme.fit_text(self.placeholder, self.rect.w - 28, PLACEHOLDER_SIZE),
                            (self.rect.x + 14, self.rect.centery), PLACEHOLDER_SIZE, placeholder_colour(),
                            anchor="midleft", shadow=False)


class GuiScene:
    """Mixin for scenes holding pygame_gui fields: routes events, updates and draws the manager.

    Keys go to a focused text field first, so typing a name never fires menu hotkeys
    (function keys like F5 still reach the scene).
    """

    fields: list[TextField]

    def init_gui(self, app) -> LogicalUIManager:
        self.gui = LogicalUIManager(app)
        self.fields = []
        return self.gui

    def gui_handle(self, event) -> bool:
        consumed = self.gui.process_events(event)
        for field in self.fields:
            field.handle_gui_event(event)
        typing = any(f.focused for f in self.fields)
        function_key = event.type == pygame.KEYDOWN and pygame.K_F1 <= event.key <= pygame.K_F12
        if typing and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT) and not function_key:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                for f in self.fields:
                    f.unfocus()
                return True  # Esc while typing leaves the field, a second Esc leaves the scene
            return True
        return bool(consumed)

    def gui_update(self, dt: float) -> None:
        self.gui.update(dt)

    def update(self, dt: float) -> None:
        """A scene with nothing else to update each frame keeps this; one that has calls `gui_update` first."""
        self.gui_update(dt)

    def frame_rate(self) -> float:
        """A focused field's cursor blinks; otherwise the scene changes only with input."""
        return GLOW if any(f.focused for f in self.fields) else STILL

    def gui_draw(self, surface) -> None:
        for field in self.fields:
            field.draw_caption(surface)
        self.gui.draw_ui(surface)
        for field in self.fields:
            field.draw_placeholder(surface)
