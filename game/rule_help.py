"""Each game's rules one by one: what every rule id an event or a refusal names (engine.why) means.

One file a game (its catalog entry's `rule_help`: game/help/rules/<game_id>.toml), one table a rule id:

    [hq_contact]
    title = "an HQ is lost on contact"   # how a log line names it, after a dash or in brackets
    ref = "F"                            # the rulebook's section, where it has one (optional)
    text = "..."                         # a few sentences in our own words

The Rules screen lists them under the game's help; a log line that names a rule shows its help when the
pointer rests on the rule. No pygame here: the conformance tests read the same files.
"""
import tomllib
from dataclasses import dataclass
from functools import lru_cache

import catalog
from engine import resources


@dataclass(frozen=True)
class RuleHelp:
    id: str
    title: str
    text: str
    ref: str = ""

    @property
    def label(self) -> str:
        """How a log line names the rule: "F: an HQ is lost on contact", or the title alone."""
        return f"{self.ref}: {self.title}" if self.ref else self.title


@lru_cache(maxsize=None)
def glossary(game_id: str) -> dict[str, RuleHelp]:
    """rule id -> its help, for `game_id` ({} for a game whose catalog entry names no glossary)."""
    try:
        named = catalog.spec(game_id).rule_help
    except KeyError:
        return {}
    if named is None:
        return {}
    data = tomllib.loads(resources.package_path(*catalog.shipped(named)).read_text(encoding="utf-8"))
    return {rid: RuleHelp(rid, entry["title"], " ".join(entry["text"].split()), entry.get("ref", ""))
            for rid, entry in data.items()}


def help_of(game_id: str, rule_id) -> RuleHelp | None:
    """The help of one rule id, or None (no id, or one the glossary lacks)."""
    return glossary(game_id).get(rule_id) if isinstance(rule_id, str) else None


def markdown(game_id: str) -> str:
    """The glossary as a section of the Rules screen's page (its small markdown: a heading and bullets)."""
    rules = glossary(game_id)
    if not rules:
        return ""
    lines = ["# Rules one by one"]
    lines += [f"- {r.ref + ' · ' if r.ref else ''}{r.title[0].upper()}{r.title[1:]}. {r.text}" for r in rules.values()]
    return "\n".join(lines) + "\n"
