"""`shiftdrive serve`: the table in the browser. A FastAPI app (its JSON API documented by
OpenAPI at /docs) whose pages and WebSocket updates are rendered on the server per seat.

A link is a token; the token is the seat: every answer is built from that seat's view
(`views.seat_view`), so nothing here can send a seat what its view leaves out.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, MutableMapping
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Final, Literal

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from shiftdrive.engine.choices import Choice, ChoiceSyntaxError
from shiftdrive.engine.encounter import IllegalChoice
from shiftdrive.engine.events import GM
from shiftdrive.engine.registry import get_ruleset, ruleset_ids
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import MAX_SCENARIO_BYTES, parse_yaml
from shiftdrive.web import pages
from shiftdrive.web.store import PostgresStore, Store
from shiftdrive.web.tables import RestoreError, Table, TableError, Tables, new_token
from shiftdrive.web.views import ack, choice_odds, seat_view

#: A request body past this is refused before it is read whole (a scenario is at most
#: MAX_SCENARIO_BYTES; its JSON quoting may grow it).
MAX_BODY: Final = 2 * MAX_SCENARIO_BYTES
#: Commands a link may send: a burst of this many, refilled at this rate per second.
BURST: Final = 30
RATE: Final = 10.0
#: Seconds an idle HTTP connection is kept open: longer than a player thinks between commands,
#: so a seat's next command does not open a new connection.
KEEP_ALIVE: Final = 75
#: A page's link is its seat: never sent on as a referrer; only this server's script runs.
PAGE_HEADERS: Final = {
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; style-src 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
}
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


def default_examples() -> Path:
    """The repository's examples/ (beside src/), else ./examples."""
    here = Path(__file__).resolve().parents[3] / "examples"
    return here if here.is_dir() else Path("examples")


# --- request bodies ----------------------------------------------------------------------------
class CreateTable(BaseModel):
    """Open a table from an example (its name as `GET /api/examples` lists it) or a scenario's
    YAML text; `bots` names the seats bots play ("all" for every seat)."""

    example: str | None = None
    scenario: str | None = Field(default=None, max_length=MAX_SCENARIO_BYTES)
    bots: list[str] | Literal["all"] = Field(default_factory=list)
    seed: int | None = Field(default=None, ge=0, lt=2**31)
    dice: Literal["seeded", "manual"] = "seeded"


class Submit(BaseModel):
    """A choice's text as the seat's `choices` list it, with the free parameters it fills in."""

    text: str = Field(max_length=2000)
    params: dict[str, str | int | bool] = Field(default_factory=dict)


class Dice(BaseModel):
    faces: str = Field(max_length=200)


class Undo(BaseModel):
    steps: int = Field(default=1, ge=1, le=1000)


class Status(BaseModel):
    status: Literal["open", "paused", "ended"]


# --- live updates ------------------------------------------------------------------------------
class Hub:
    """The WebSockets open on each table, by seat; each gets its own seat's rendering."""

    def __init__(self) -> None:
        self.sockets: dict[str, set[tuple[WebSocket, str, str]]] = {}
        self._dirty: set[str] = set()
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def changed(self, table: Table) -> None:
        """The table changed: its update task sends every connected seat the state now. One
        task per table, so a table's updates leave in order, and changes made while one is
        being rendered are sent together in the next; the command's answer does not wait."""
        if not self.sockets.get(table.id):
            return
        self._dirty.add(table.id)
        if table.id not in self._tasks:
            self._tasks[table.id] = asyncio.create_task(self._updates(table))

    async def _updates(self, table: Table) -> None:
        try:
            while table.id in self._dirty:
                self._dirty.discard(table.id)
                await self.publish(table)
        finally:
            self._tasks.pop(table.id, None)

    def join(self, table_id: str, ws: WebSocket, seat: str, fmt: str) -> None:
        self.sockets.setdefault(table_id, set()).add((ws, seat, fmt))

    def leave(self, table_id: str, ws: WebSocket, seat: str, fmt: str) -> None:
        self.sockets.get(table_id, set()).discard((ws, seat, fmt))

    async def publish(self, table: Table) -> None:
        listeners = list(self.sockets.get(table.id, ()))
        wanted = {(seat, fmt) for _, seat, fmt in listeners}
        rendered = await run_in_threadpool(
            lambda: {(seat, fmt): message(table, seat, fmt) for seat, fmt in wanted}
        )
        await asyncio.gather(
            *(_send(ws, rendered[seat, fmt]) for ws, seat, fmt in listeners),
            return_exceptions=True,
        )

    async def close_seat(self, table_id: str, seat: str) -> None:
        for ws, who, fmt in list(self.sockets.get(table_id, ())):
            if who == seat:
                self.leave(table_id, ws, who, fmt)
                await ws.close(code=4401, reason="this link was revoked")


async def _send(ws: WebSocket, text: str) -> None:
    await ws.send_text(text)


def message(table: Table, seat: str, fmt: str) -> str:
    import json

    view = seat_view(table, seat)
    if fmt == "json":
        return json.dumps({"seq": view["seq"], "view": view})
    return json.dumps({"seq": view["seq"], "html": pages.live(view)})


# --- the guard on every request ----------------------------------------------------------------
class BodyLimit:
    """Refuse a request body past `limit` bytes as it arrives (413), before it is parsed."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], limit: int):
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers", [])).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await _too_large(scope, receive, send, self.limit)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more and scope["method"] in ("POST", "PUT", "PATCH"):
            msg = await receive()
            if msg["type"] != "http.request":
                break
            chunks.append(msg.get("body", b""))
            size += len(chunks[-1])
            more = bool(msg.get("more_body"))
            if size > self.limit:
                await _too_large(scope, receive, send, self.limit)
                return
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _too_large(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
    response = JSONResponse({"error": f"the request is larger than {limit:,} bytes"}, 413)
    await response(scope, receive, send)


class Flood:
    """Per link, a bucket of commands: a burst, then a steady rate (429 past it)."""

    def __init__(self, burst: int = BURST, rate: float = RATE) -> None:
        self.buckets: dict[str, tuple[float, float]] = {}
        self.burst, self.rate = float(burst), rate

    def allow(self, token: str) -> bool:
        now = time.monotonic()
        level, then = self.buckets.get(token, (self.burst, now))
        level = min(self.burst, level + (now - then) * self.rate)
        if level < 1:
            self.buckets[token] = (level, now)
            return False
        self.buckets[token] = (level - 1, now)
        return True


def error(reason: str, status: int, **more: Any) -> JSONResponse:
    return JSONResponse({"error": reason, **more}, status)


# --- the app -----------------------------------------------------------------------------------
def create_app(
    db: str, examples: Path | None = None, *, burst: int = BURST, rate: float = RATE
) -> FastAPI:
    """The server over the store at `db` (a SQLite file or a postgresql:// URL); `burst` and
    `rate`: the commands a link may send (a test playing whole fights raises them)."""
    store = Store.open(db)
    tables = Tables(store)
    hub = Hub()
    flood = Flood(burst, rate)
    folder = examples or default_examples()

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await run_in_threadpool(tables.restore_all)
        stop = threading.Event()
        if isinstance(store, PostgresStore):  # other processes' commits reach our seats
            loop = asyncio.get_running_loop()

            def heard(origin: str, table_id: str) -> None:
                if origin != tables.origin and table_id in hub.sockets:
                    asyncio.run_coroutine_threadsafe(changed_elsewhere(table_id), loop)

            threading.Thread(target=store.listen, args=(heard, stop), daemon=True).start()
        yield
        stop.set()
        store.close()

    async def changed_elsewhere(table_id: str) -> None:
        table = await run_in_threadpool(tables.catch_up, table_id)
        if table is not None:
            hub.changed(table)

    app = FastAPI(
        title="shiftdrive tables",
        summary="Fate and Fudge science-fiction fights at a shared table: one link per seat.",
        lifespan=lifespan,
    )
    app.state.tables = tables
    app.state.hub = hub
    static = resources.files("shiftdrive.web").joinpath("static")
    app.mount("/static", StaticFiles(directory=str(static)), name="static")

    examples_read: dict[str, Mapping[str, Any]] = {}

    def example_names() -> list[str]:
        return sorted(str(p.relative_to(folder)) for p in folder.glob("*/*.yaml"))

    def seat_of(token: str) -> tuple[Table, str] | JSONResponse:
        found = store.seat_of(token)
        if found is None:
            return error("no table has this link (or it was revoked)", 404)
        try:
            return tables.get(found[0]), found[1]
        except (TableError, RestoreError) as bad:
            return error(str(bad), 500)

    async def run(token: str, kind: str, text: str, gm_only: bool = False) -> JSONResponse:
        """One command from a link: committed, the seats told, the new view answered."""
        found = seat_of(token)
        if isinstance(found, JSONResponse):
            return found
        table, seat = found
        if gm_only and seat != GM:
            return error("only the GM's link may do this", 403)
        if not flood.allow(token):
            return error("too many commands: slow down", 429)
        try:
            await run_in_threadpool(tables.command, table.id, seat, kind, text)
        except (IllegalChoice, TableError) as refused:
            return error(str(refused), 409, view=seat_view(table, seat))
        hub.changed(table)
        return JSONResponse(ack(table))

    # --- pages ----------------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def home() -> HTMLResponse:
        return HTMLResponse(pages.home_page(example_names(), ruleset_ids()), headers=PAGE_HEADERS)

    @app.get("/t/{token}", response_class=HTMLResponse, include_in_schema=False)
    def table_page(token: str) -> HTMLResponse:
        found = seat_of(token)
        if isinstance(found, JSONResponse):
            gone = "<h1>No table has this link</h1><p>It may have been revoked: ask your GM.</p>"
            body = pages.shell("No such table", gone)
            return HTMLResponse(body, 404, headers=PAGE_HEADERS)
        table, seat = found
        page = pages.table_page(seat_view(table, seat), token)
        return HTMLResponse(page, headers=PAGE_HEADERS)

    # --- the API --------------------------------------------------------------------------------
    @app.get("/api/rulesets", tags=["tables"])
    def list_rulesets() -> list[dict[str, str]]:
        """The registered rulesets: each plays at a table."""
        return [{"id": rid, "title": get_ruleset(rid).title} for rid in ruleset_ids()]

    @app.get("/api/examples", tags=["tables"])
    def list_examples() -> list[str]:
        """Example scenarios a table can be opened from."""
        return example_names()

    @app.post("/api/tables", tags=["tables"], status_code=201)
    async def create_table(body: CreateTable, request: Request) -> JSONResponse:
        """Open a table. Answers its links: one per seat and the GM's (keep them private).
        A scenario with problems is refused with each field's problem, as `check` says it."""
        if (body.example is None) == (body.scenario is None):
            return error("give exactly one of 'example' and 'scenario'", 422)
        try:
            if body.example is not None:
                if body.example not in example_names():
                    return error(f"example: there is no example {body.example!r}", 422)
                source = body.example
                data = examples_read.get(source)
                if data is None:  # read once: examples do not change while serving
                    text = (folder / source).read_text(encoding="utf-8")
                    data = examples_read[source] = await run_in_threadpool(parse_yaml, text, source)
            else:
                source = "scenario"
                assert body.scenario is not None
                data = await run_in_threadpool(parse_yaml, body.scenario, source)
            table, tokens = await run_in_threadpool(_create, tables, data, source, body)
        except ScenarioError as bad:
            problems = [{"field": path, "reason": reason} for path, reason in bad.problems]
            return error(str(bad), 422, problems=problems)
        except TableError as bad:
            return error(str(bad), 422)
        base = str(request.base_url).rstrip("/")
        return JSONResponse(
            {
                "table": table.id,
                "seats": [s.to_json() for s in table.seating()],
                "tokens": tokens,
                "links": {seat: f"{base}/t/{token}" for seat, token in tokens.items()},
            },
            201,
        )

    @app.get("/api/t/{token}", tags=["seat"])
    def view(token: str) -> Any:
        """What this link's seat sees: its view, whose turn, its choices with parameter kinds
        and odds, the log in its words."""
        found = seat_of(token)
        return found if isinstance(found, JSONResponse) else seat_view(*found)

    @app.get("/api/t/{token}/log", tags=["seat"])
    def log(token: str) -> Any:
        """The whole log as this seat sees it, each event in its words."""
        found = seat_of(token)
        return found if isinstance(found, JSONResponse) else seat_view(*found, last=None)["log"]

    @app.get("/api/t/{token}/choices", tags=["seat"])
    def choices(token: str) -> Any:
        """The seat's legal choices now: text, label, each parameter's kind, odds."""
        found = seat_of(token)
        return found if isinstance(found, JSONResponse) else seat_view(*found)["choices"]

    @app.get("/api/t/{token}/odds", tags=["seat"])
    def odds(token: str, text: str) -> Any:
        """The exact odds of one of the seat's choices (null when it makes no roll)."""
        found = seat_of(token)
        if isinstance(found, JSONResponse):
            return found
        try:
            choice = Choice.parse(text)
            with found[0].lock:
                return {"odds": choice_odds(found[0], found[1], choice)}
        except ChoiceSyntaxError as bad:
            return error(str(bad), 422)

    @app.post("/api/t/{token}/choice", tags=["seat"])
    async def submit(token: str, body: Submit) -> JSONResponse:
        """Make a choice (its text from `choices`, with free parameters filled in `params`).
        Answers where the table is now (`seq`, `waiting_on`, `result`; the seat's view comes
        over its WebSocket or from `GET /api/t/{token}`). Refused: 409 with the reason and
        the seat's view as it is."""
        try:
            choice = Choice.parse(body.text)
            if body.params:
                choice = choice.with_params(**body.params)
        except (ChoiceSyntaxError, TypeError, ValueError) as bad:
            return error(f"text: {bad}", 422)
        return await run(token, "choice", choice.text())

    @app.post("/api/t/{token}/dice", tags=["seat"])
    async def dice(token: str, body: Dice) -> JSONResponse:
        """Give the dice the table rolled (`+ - 0 +` for Fudge dice), at a dice prompt."""
        return await run(token, "choice", Choice.of("dice", faces=body.faces).text())

    @app.post("/api/t/{token}/undo", tags=["gm"])
    async def undo(token: str, body: Undo) -> JSONResponse:
        """GM: take back the last `steps` commands (logged)."""
        return await run(token, "undo", str(body.steps), gm_only=True)

    @app.post("/api/t/{token}/status", tags=["gm"])
    async def status(token: str, body: Status) -> JSONResponse:
        """GM: pause, resume or end the fight (logged)."""
        return await run(token, "status", body.status, gm_only=True)

    @app.post("/api/t/{token}/links/{seat}", tags=["gm"])
    async def reissue(token: str, seat: str, request: Request) -> JSONResponse:
        """GM: revoke a seat's link and give it a new one."""
        found = seat_of(token)
        if isinstance(found, JSONResponse):
            return found
        table, mine = found
        if mine != GM:
            return error("only the GM's link may do this", 403)
        if seat not in [GM, *table.seats()]:
            return error(f"seat: there is no seat {seat!r}", 422)
        fresh = new_token()
        await run_in_threadpool(store.reissue, table.id, seat, fresh)
        await hub.close_seat(table.id, seat)
        base = str(request.base_url).rstrip("/")
        return JSONResponse({"seat": seat, "token": fresh, "link": f"{base}/t/{fresh}"})

    @app.websocket("/ws/{token}")
    async def updates(ws: WebSocket, token: str, format: str = "html") -> None:
        """Each change of the table, as this seat sees it: {"seq", "html"} (or "view" with
        ?format=json), first the state now."""
        found = store.seat_of(token)
        if found is None or format not in ("html", "json"):
            await ws.close(code=4404, reason="no table has this link")
            return
        await ws.accept()
        table = tables.get(found[0])
        hub.join(table.id, ws, found[1], format)
        try:
            await ws.send_text(message(table, found[1], format))
            while True:
                await ws.receive_text()  # nothing is taken in here: commands go by HTTP
        except WebSocketDisconnect:
            pass
        finally:
            hub.leave(table.id, ws, found[1], format)

    app.add_middleware(BodyLimit, limit=MAX_BODY)
    return app


def _create(
    tables: Tables, data: Any, source: str, body: CreateTable
) -> tuple[Table, dict[str, str]]:
    bots = body.bots if body.bots == "all" else list(body.bots)
    return tables.create(data, source=source, bots=bots, seed=body.seed, dice_kind=body.dice)


def serve(db: str, host: str, port: int) -> None:
    """Run the server (uvicorn) until stopped."""
    import uvicorn

    uvicorn.run(
        create_app(db),
        host=host,
        port=port,
        log_level="warning",
        ws="websockets-sansio",
        ws_per_message_deflate=False,  # views are small and sent often: compressing costs more
        timeout_keep_alive=KEEP_ALIVE,
    )


__all__ = ["create_app", "serve"]
