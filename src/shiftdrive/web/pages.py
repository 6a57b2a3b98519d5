"""Pages rendered on the server from a seat's view: the same HTML on first load, on reload and
in each live update (the WebSocket sends the `live` fragment), so a reload shows what the
updates showed. The script (static/table.js) only sends choices and swaps fragments in."""

from __future__ import annotations

import json
from html import escape
from typing import Any, Final

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM
from shiftdrive.web.maps import board, places

#: An action with more choices than this gets a picker (a list to choose from) besides.
PICKER_AT: Final = 8
KIND_FOR_MAP: Final = ("hex", "zone", "band")


def _e(value: Any) -> str:
    return escape(str(value), quote=True)


def shell(title: str, body: str, token: str = "") -> str:
    """A whole page: phone-width first, one stylesheet and one small script."""
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)}</title>"
        '<link rel=icon href="data:,"><link rel=stylesheet href="/static/table.css"></head>'
        f'<body data-token="{_e(token)}">{body}'
        '<script src="/static/table.js"></script></body></html>'
    )


def table_page(view: dict[str, Any], token: str) -> str:
    title = view["state"].get("title", "shiftdrive table") if view["state"] else "shiftdrive"
    who = "GM" if view["seat"] == GM else view["seat"]
    body = (
        f"<header><h1>{_e(title)}</h1><p class=who>You are <b>{_e(who)}</b> · "
        f"{_e(view['ruleset'])} · <span id=conn>connecting…</span></p></header>"
        "<p id=error role=alert></p>"
        f'<main id=live data-seq="{view["seq"]}">{live(view)}</main>'
    )
    return shell(f"{title} — {who}", body, token)


def live(view: dict[str, Any]) -> str:
    """The part of the page that changes: turn, board, choices, GM tools, log, state."""
    parts = [_turn(view), _choices(view)]
    picture = board(view)
    if picture:
        parts.append(f'<section class=map aria-label="map">{picture}</section>')
    if view["seat"] == GM:
        parts.append(_gm_tools(view))
    parts.append(_log(view))
    parts.append(
        "<details class=state><summary>Everything you can see</summary>"
        f"<pre>{_e(json.dumps(view['state'], indent=1, ensure_ascii=False))}</pre></details>"
    )
    return "".join(parts)


def _turn(view: dict[str, Any]) -> str:
    if view["result"]:
        r = view["result"]
        return f"<section class='turn over'><h2>Over: {_e(r['reason'])}</h2></section>"
    status = view["status"]
    if status != "open":
        return f"<section class='turn paused'><h2>The table is {_e(status)}</h2></section>"
    mine = [d for d in view["pending"] if d["seat"] == view["seat"]]
    others = [s for s in view["waiting_on"] if s != view["seat"]]
    lines = [f"<p class=prompt>{_e(d['prompt'])}</p>" for d in mine]
    dice_for = view.get("dice_for")
    if view["seat"] == GM and dice_for and dice_for["seat"] != GM:
        whose = f"{dice_for['seat']} (a bot)" if dice_for["bot"] else dice_for["seat"]
        lines.append(
            f"<p class='prompt dicefor'>Type the dice for {_e(whose)}: {_e(dice_for['prompt'])}</p>"
        )
    if not mine and view["seat"] != GM:
        lines.append("<p class=prompt>Not your decision now.</p>")
    if others:
        lines.append(f"<p class=waiting>Waiting on {_e(', '.join(others))}</p>")
    return f"<section class=turn>{''.join(lines)}</section>"


def _odds(choice: dict[str, Any]) -> str:
    odds = choice.get("odds")
    if not odds:
        return ""
    if odds.get("words"):
        return f"<small class=odds>{_e(odds['words'])}</small>"
    chances = odds.get("chances", {})
    shown = []
    for key in ("fail", "tie", "success", "style"):
        n, d = (int(v) for v in str(chances.get(key, "0/1")).split("/"))
        shown.append(f"{key} {100 * n / d:.0f}%")
    return f"<small class=odds>{_e(' · '.join(shown))}</small>"


def _choices(view: dict[str, Any]) -> str:
    choices = view["choices"]
    if not choices:
        return ""
    groups: dict[str, list[int]] = {}
    for i, choice in enumerate(choices):
        groups.setdefault(choice["action"], []).append(i)
    on_map = {i for kind in KIND_FOR_MAP for ids in places(view, kind).values() for i in ids}
    parts = ["<section class=choices><h2>Your choices</h2>"]
    for action, ids in groups.items():
        parts.append(f'<fieldset data-action="{_e(action)}"><legend>{_e(action)}</legend>')
        parts.append(_picker(action, [choices[i] for i in ids]))
        for i in ids:
            parts.append(_button(choices[i], i, i in on_map))
        parts.append("</fieldset>")
    parts.append("</section>")
    return "".join(parts)


def _fixed(choice: dict[str, Any]) -> dict[str, Any]:
    """A choice's parameters the rules set (the ones a picker chooses among)."""
    return {n: p["value"] for n, p in choice["params"].items() if n not in choice["free"]}


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _picker(action: str, group: list[dict[str, Any]]) -> str:
    """One picker per parameter that differs among an action's choices, by its kind (a unit,
    a zone, a hex or band, also set by a click on the map, a number, a skill, ...); the
    script sends the choice whose parameters are those picked. An action whose choices differ
    in no parameter gets a list of them when it is long."""
    if len(group) < 2:
        return ""
    names: dict[str, str] = {}  # name -> kind, in the order the choices give them
    for choice in group:
        for name in _fixed(choice):
            names.setdefault(name, choice["params"][name]["kind"])
    selects = []
    for name, kind in names.items():
        values: dict[str, Any] = {}
        for choice in group:
            value = _fixed(choice).get(name)
            values.setdefault(_json(value), value)
        if len(values) < 2:
            continue
        options = "".join(
            f'<option value="{_e(raw)}">{_e("—" if value is None else value)}</option>'
            for raw, value in values.items()
        )
        selects.append(
            f"<label class=param>{_e(name)} <small>{_e(kind)}</small> "
            f'<select data-param="{_e(name)}" data-kind="{_e(kind)}">{options}</select></label>'
        )
    if not selects:
        if len(group) <= PICKER_AT:
            return ""
        options = "".join(
            f'<option value="{_e(c["text"])}">{_e(c["label"])}</option>' for c in group
        )
        selects.append(f"<select class=whole aria-label='{_e(action)}'>{options}</select>")
    return (
        f"<div class=picker>{''.join(selects)}<button type=button class=pick>Choose</button></div>"
    )


def _button(choice: dict[str, Any], index: int, on_map: bool) -> str:
    """One choice: a button, with an input for each parameter the seat fills in itself."""
    inputs = []
    for name in choice["free"]:
        param = choice["params"][name]
        kind = param["kind"]
        value = "" if param["value"] is None else param["value"]
        if kind == "number":
            field = f'<input type=number name="{_e(name)}" value="{_e(value)}">'
        elif kind == "flag":
            checked = " checked" if value is True else ""
            field = f'<input type=checkbox name="{_e(name)}"{checked}>'
        else:
            field = f'<input name="{_e(name)}" value="{_e(value)}" placeholder="{_e(kind)}">'
        inputs.append(f"<label>{_e(name)} {field}</label>")
    if choice["action"] == "dice":
        inputs.append(
            "<label>faces <input name=faces required placeholder='+ - 0 +' "
            "autocomplete=off></label>"
        )
    where = " ".join(_e(p["value"]) for p in choice["params"].values() if p["kind"] in KIND_FOR_MAP)
    return (
        f'<div class=choice data-index="{index}" data-places="{where}"'
        f' data-params="{_e(_json(_fixed(choice)))}"'
        f"{' data-on-map' if on_map else ''}>"
        f'<button type=button class=do data-text="{_e(choice["text"])}">'
        f"{_e(choice['label'])}</button>{_odds(choice)}{''.join(inputs)}</div>"
    )


def _gm_tools(view: dict[str, Any]) -> str:
    status = view["status"]
    buttons = [
        "<button type=button class=gm data-gm=undo>Undo the last command</button>",
        "<button type=button class=gm data-gm=status data-value=paused>Pause</button>"
        if status == "open"
        else "<button type=button class=gm data-gm=status data-value=open>Resume</button>",
        "<button type=button class=gm data-gm=status data-value=ended>End the fight</button>",
    ]
    help_rows = "".join(
        f"<li><code>{_e(name)} {_e(usage)}</code></li>"
        for name, usage in view.get("overrides", {}).items()
    )
    seats = "".join(
        f"<li>{_e(s['id'])}{' (bot)' if s['bot'] else ''} "
        f'<button type=button class=gm data-gm=link data-value="{_e(s["id"])}">'
        "new link</button></li>"
        for s in view["seats"]
    )
    return (
        "<section class=gmtools><h2>GM</h2>"
        f"<div class=row>{''.join(buttons)}</div>"
        "<form class=override><label>Override or GM decision "
        "<input name=text placeholder=\"gm_note text='...'\" autocomplete=off></label>"
        "<button>Do it</button></form>"
        f"<details><summary>Overrides</summary><ul>{help_rows}</ul></details>"
        f"<h3>Seats and links</h3><ul class=seats>{seats}</ul><p id=newlink></p></section>"
    )


def _log(view: dict[str, Any]) -> str:
    rows = []
    for entry in reversed(view["log"][-80:]):
        texts = [e.get("text", "") for e in entry.get("events", [])]
        head = Choice.from_json(entry["choice"]).text() if entry.get("choice") else ""
        who = entry.get("seat", "")
        rows.append(
            f"<li><b>{_e(who)}</b> {_e(head)}"
            + "".join(f"<div>{_e(t)}</div>" for t in texts if t)
            + "</li>"
        )
    return f"<section class=log><h2>Log</h2><ol reversed>{''.join(rows)}</ol></section>"


def home_page(examples: list[str], rulesets: list[str]) -> str:
    options = "".join(f"<option>{_e(name)}</option>" for name in examples)
    body = (
        "<header><h1>shiftdrive: open a table</h1></header><p id=error role=alert></p>"
        "<form id=create><label>Example <select name=example>"
        f"<option value=''>(upload below)</option>{options}</select></label>"
        "<label>or a scenario file <input type=file name=upload accept='.yaml,.yml'></label>"
        "<label>Bots for (seats, comma-separated, or all) <input name=bots></label>"
        "<label>Seed (empty: a random one) <input name=seed type=number min=0></label>"
        "<label>Dice <select name=dice><option value=seeded>rolled by the server</option>"
        "<option value=manual>typed in from the table</option></select></label>"
        "<button>Open the table</button></form><section id=links></section>"
        f"<p class=note>Rulesets: {_e(', '.join(rulesets))}. API: <a href='/docs'>/docs</a>.</p>"
    )
    return shell("shiftdrive: open a table", body)


__all__ = ["home_page", "live", "table_page"]
