"""What an eye with a colour-vision deficiency sees: colours and whole frames as protanopia, deuteranopia and
tritanopia render them (Machado, Oliveira and Fernandes 2009, severity 1, applied in linear light).

The screenshot tool renders boards under the colour-blind setting through each (tools/screenshots.py), and a
test holds the setting's seat colours apart under each (tests/game/test_colour_blind.py); the window itself
never simulates anything.
"""
import numpy
import pygame

DEFICIENCIES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _linear(c):
    c = numpy.asarray(c, dtype=float) / 255
    return numpy.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _srgb(c):
    c = numpy.clip(c, 0, 1)
    return numpy.round(255 * numpy.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055))


def simulate(colour, deficiency: str) -> tuple[int, int, int]:
    """The colour as an eye with `deficiency` (a key of DEFICIENCIES) sees it."""
    seen = numpy.asarray(DEFICIENCIES[deficiency]) @ _linear(colour[:3])
    return tuple(int(v) for v in _srgb(seen))


def simulate_surface(surface: pygame.Surface, deficiency: str) -> pygame.Surface:
    """A copy of the frame as an eye with `deficiency` sees it."""
    pixels = pygame.surfarray.array3d(surface)
    seen = _linear(pixels) @ numpy.asarray(DEFICIENCIES[deficiency]).T
    out = pygame.Surface(surface.get_size())
    pygame.surfarray.blit_array(out, _srgb(seen).astype(numpy.uint8))
    return out


def lab(colour) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour: distances in it are about how different two colours look."""
    x, y, z = numpy.asarray(((0.4124, 0.3576, 0.1805), (0.2126, 0.7152, 0.0722), (0.0193, 0.1192, 0.9505))) \
        @ _linear(colour[:3]) / numpy.asarray((0.95047, 1.0, 1.08883))

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def difference(a, b) -> float:
    """How far apart two colours look (CIE76 ΔE: about 2.3 is just noticeable, over 20 plainly different)."""
    return float(numpy.linalg.norm(numpy.subtract(lab(a), lab(b))))
