// The table page: sends choices over HTTP, swaps in the server's rendering of every update.
"use strict";
const token = document.body.dataset.token;
const $ = (sel, el = document) => el.querySelector(sel);
const say = (text) => { const e = $("#error"); if (e) e.textContent = text || ""; };

async function post(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" },
                                body: JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(data.error || (data.detail && JSON.stringify(data.detail)) || r.statusText);
  return data;
}

let seq = -1;
function show(msg) {
  if (msg.seq < seq) return;  // an older message overtaken by a newer one
  seq = msg.seq;
  const live = $("#live");
  if (live && msg.html !== undefined) { live.innerHTML = msg.html; live.dataset.seq = msg.seq; }
}

function connect(delay) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/${token}`);
  ws.onopen = () => { $("#conn").textContent = "live"; $("#conn").className = "live"; delay = 250; };
  ws.onmessage = (ev) => show(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    $("#conn").textContent = ev.code === 4401 || ev.code === 4404 ? "link revoked" : "reconnecting…";
    $("#conn").className = "down";
    if (ev.code !== 4401 && ev.code !== 4404) setTimeout(() => connect(Math.min(delay * 2, 5000)), delay);
  };
}

async function choose(div) {
  const button = $("button.do", div);
  const params = {};
  for (const input of div.querySelectorAll("input")) {
    if (input.name === "faces") continue;
    params[input.name] = input.type === "checkbox" ? input.checked
      : input.type === "number" ? Number(input.value) : input.value;
  }
  const faces = $("input[name=faces]", div);
  button.disabled = true;
  try {
    const path = faces ? "dice" : "choice";
    const body = faces ? { faces: faces.value } : { text: button.dataset.text, params };
    await post(`/api/t/${token}/${path}`, body);
    say("");
  } catch (e) { say(e.message); button.disabled = false; }
}

async function gm(button) {
  const what = button.dataset.gm, value = button.dataset.value;
  try {
    if (what === "undo") await post(`/api/t/${token}/undo`, { steps: 1 });
    else if (what === "status") await post(`/api/t/${token}/status`, { status: value });
    else if (what === "link") {
      const out = await post(`/api/t/${token}/links/${encodeURIComponent(value)}`, {});
      $("#newlink").textContent = `New link for ${out.seat}: ${out.link}`;
    }
    say("");
  } catch (e) { say(e.message); }
}

// Pickers: one select per parameter; the choice sent is the one whose parameters match.
const paramsOf = (div) => JSON.parse(div.dataset.params || "{}");
const valueOf = (div, name) => JSON.stringify(paramsOf(div)[name] ?? null);
const selectsOf = (picker) => [...picker.querySelectorAll("select[data-param]")];
const choicesOf = (picker) => [...picker.closest("fieldset").querySelectorAll(".choice")];

function pickedChoice(picker) {
  const selects = selectsOf(picker);
  return choicesOf(picker).find((d) => selects.every((s) => valueOf(d, s.dataset.param) === s.value));
}

function narrow(select) {
  // After one parameter is picked, the others follow to a choice that has it (if need be).
  const picker = select.closest(".picker");
  if (!pickedChoice(picker)) {
    const first = choicesOf(picker).find((d) => valueOf(d, select.dataset.param) === select.value);
    if (first) for (const s of selectsOf(picker)) s.value = valueOf(first, s.dataset.param);
  }
  const div = pickedChoice(picker);
  for (const d of choicesOf(picker)) d.classList.toggle("picked", d === div);
}

function place(name) {
  // A place on the map: the one choice that goes there, or those choices picked out (and the
  // pickers of hexes, zones and bands set to it).
  const going = [...document.querySelectorAll(".choice[data-places]")]
    .filter((d) => d.dataset.places.split(" ").includes(name));
  if (going.length === 1 && !going[0].querySelector("input")) { choose(going[0]); return; }
  for (const d of document.querySelectorAll(".choice")) d.classList.toggle("picked", going.includes(d));
  for (const s of document.querySelectorAll("select[data-kind=hex], select[data-kind=zone], select[data-kind=band]")) {
    const option = [...s.options].find((o) => o.textContent === name);
    if (option && going.some((d) => s.closest("fieldset").contains(d))) { s.value = option.value; narrow(s); }
  }
  for (const d of going) d.classList.add("picked");
  if (going.length) going[0].scrollIntoView({ block: "nearest" });
}

document.addEventListener("change", (ev) => {
  if (ev.target.matches("select[data-param]")) narrow(ev.target);
});

document.addEventListener("click", (ev) => {
  const t = ev.target.closest("button.do, button.gm, button.pick, .place");
  if (!t) return;
  if (t.matches("button.do")) choose(t.closest(".choice"));
  else if (t.matches("button.gm")) gm(t);
  else if (t.matches("button.pick")) {
    const picker = t.closest(".picker");
    const whole = $("select.whole", picker);
    const div = whole
      ? choicesOf(picker).find((d) => $("button.do", d).dataset.text === whole.value)
      : pickedChoice(picker);
    if (div) choose(div); else say("No choice has those: pick again.");
  } else place(t.dataset.place);
});

document.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const form = ev.target;
  if (form.matches(".override")) {
    try { await post(`/api/t/${token}/choice`, { text: form.text.value }); form.reset(); say(""); }
    catch (e) { say(e.message); }
  } else if (form.id === "create") {
    const file = form.upload.files[0];
    const bots = form.bots.value.trim();
    const body = { dice: form.dice.value,
                   bots: bots === "all" ? "all" : bots ? bots.split(",").map((s) => s.trim()) : [] };
    if (form.seed.value !== "") body.seed = Number(form.seed.value);
    if (file) body.scenario = await file.text(); else body.example = form.example.value;
    try {
      const out = await post("/api/tables", body);
      const links = $("#links");
      links.innerHTML = "<h2>Links (send each seat its own)</h2><ul></ul>";
      for (const [seat, link] of Object.entries(out.links)) {
        const li = document.createElement("li");
        li.innerHTML = `<b></b>: <a></a>`;
        li.querySelector("b").textContent = seat === "gm" ? "GM" : seat;
        li.querySelector("a").textContent = link; li.querySelector("a").href = link;
        $("ul", links).append(li);
      }
      say("");
    } catch (e) { say(e.message); }
  }
});

if (token) connect(250);
