"""Variants of a game's rules: the cross product of ``--vary`` values and named presets.

The first value of every axis makes the *baseline*, the variant every other is compared with.

>>> variants = build_variants("uno", ["stack_draw2=false,true", "jump_in=false,true"])
>>> [variant.name for variant in variants]
['stack_draw2=false jump_in=false', 'stack_draw2=false jump_in=true', \
'stack_draw2=true jump_in=false', 'stack_draw2=true jump_in=true']
>>> variants[2].options
{'stack_draw2': True, 'jump_in': False}
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import OptionError, SoloError
from ..core.options import OptionValue
from ..games.registry import game_class
from ..i18n import _, render_error


@dataclass(frozen=True)
class Variant:
    """One ruleset of the lab: a name, the preset it starts from and the options it sets."""

    name: str
    options: dict[str, OptionValue] = field(default_factory=dict)
    preset: str | None = None

    def game_options(self, base: dict[str, OptionValue]) -> dict[str, Any]:
        """The keyword arguments of ``solocards.make`` for this variant over ``base`` options."""
        merged: dict[str, Any] = dict(base)
        merged.update(self.options)
        if self.preset is not None:
            merged["preset"] = self.preset
        return merged


def _text(value: OptionValue) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def parse_vary(game_id: str, text: str) -> tuple[str, list[OptionValue]]:
    """``"stack_draw2=false,true"`` as the option's name and its checked values.

    >>> parse_vary("uno", "hand_size=5,7")
    ('hand_size', [5, 7])
    """
    specs = {spec.name: spec for spec in game_class(game_id).option_specs}
    name, sep, values = text.partition("=")
    name = name.strip()
    if not sep or not values.strip():
        raise OptionError(
            _(
                "--vary {text} is not OPTION=V1,V2 (for example stack_draw2=false,true)",
                text=repr(text),
            )
        )
    if name not in specs:
        raise OptionError(
            _(
                "{game} has no option {name}; valid options: {options}",
                game=game_id,
                name=repr(name),
                options=", ".join(specs),
            )
        )
    parsed = [specs[name].parse(game_id, value.strip()) for value in values.split(",")]
    if len(set(map(_text, parsed))) != len(parsed):
        raise OptionError(
            _("--vary {name} lists a value twice: {values}", name=name, values=values)
        )
    return name, parsed


def build_variants(
    game_id: str, vary: list[str] | None = None, presets: list[str] | None = None
) -> list[Variant]:
    """Every combination of the presets (if any) and the ``--vary`` values, baseline first.

    Raises :class:`~solocards.OptionError` for an unknown option, value or preset, an option
    varied twice, or nothing to compare.
    """
    cls = game_class(game_id)
    axes: list[tuple[str, list[OptionValue]]] = []
    for text in vary or []:
        name, values = parse_vary(game_id, text)
        if any(name == seen for seen, _values in axes):
            raise OptionError(
                _("--vary {name} is given twice; list its values once (V1,V2,...)", name=name)
            )
        axes.append((name, values))
    preset_names = [name.strip() for name in presets or [] if name.strip()]
    for preset in preset_names:
        if preset not in cls.presets:
            if not cls.presets:
                raise OptionError(
                    _(
                        "{game} has no preset {name}; it has no presets",
                        game=game_id,
                        name=repr(preset),
                    )
                )
            raise OptionError(
                _(
                    "{game} has no preset {name}; presets: {presets}",
                    game=game_id,
                    name=repr(preset),
                    presets=", ".join(sorted(cls.presets)),
                )
            )
    preset_axis: list[str | None] = list(preset_names) or [None]
    variants = []
    for chosen in preset_axis:
        for combination in itertools.product(*(values for _name, values in axes)):
            pairs = zip(axes, combination, strict=True)
            options = {name: value for (name, _values), value in pairs}
            words = ([f"preset={chosen}"] if chosen else []) + [
                f"{name}={_text(value)}" for name, value in options.items()
            ]
            variants.append(Variant(" ".join(words), options, chosen))
    if len(variants) < 2:
        raise OptionError(_("the lab compares variants: give --vary OPTION=V1,V2 or two presets"))
    return variants


def check_variants(
    game_id: str, players: int | None, variants: list[Variant], base: dict[str, Any]
) -> None:
    """Make every variant once, so that a combination the game refuses fails before any play."""
    from ..games.registry import make

    for variant in variants:
        try:
            make(game_id, players=players, **variant.game_options(base))
        except SoloError as error:
            raise OptionError(
                _("variant {name}: {error}", name=repr(variant.name), error=render_error(error))
            ) from None


__all__ = ["Variant", "build_variants", "check_variants", "parse_vary"]
