// webaddress serve: the page's script, no framework. The server computes
// everything (with the tool's own code); this script asks it, as one types
// or picks a file, and shows the answers.
"use strict";

(function () {
  const $ = (sel, root) => (root || document).querySelector(sel);

  // el makes an element with attributes and children (strings are text).
  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v === null || v === undefined) continue;
      if (k === "text") e.textContent = v;
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const k of kids) {
      if (k === null || k === undefined || k === false) continue;
      e.append(k);
    }
    return e;
  }

  async function fail(r) {
    const msg = (await r.text()).trim();
    return new Error(msg || r.status + " " + r.statusText);
  }

  document.body.classList.add("js");
  if (document.body.dataset.page === "viewer") viewer();
  if (document.body.dataset.page === "list") list();

  // The viewer: each change of the form asks /api/view (debounced, the
  // request before cancelled) and renders its JSON as the server's
  // template does; the page's address follows, for a link.
  function viewer() {
    const form = $("#viewer"), addr = $("#address"), marks = $("#marks");
    const results = $("#results"), link = $("#link");
    let timer = 0, ctl = null, seq = 0;

    function query() {
      const p = new URLSearchParams();
      for (const [k, v] of new FormData(form)) if (v !== "") p.append(k, v);
      return p.toString();
    }
    async function update() {
      if (ctl) ctl.abort();
      ctl = new AbortController();
      const my = ++seq;
      try {
        const r = await fetch("/api/view?" + query(), { signal: ctl.signal });
        if (!r.ok) throw await fail(r);
        const v = await r.json();
        if (my === seq) render(v);
      } catch (e) {
        if (e.name !== "AbortError") results.replaceChildren(el("p", { class: "failure", text: e.message }));
      }
    }
    function schedule() {
      clearTimeout(timer);
      timer = setTimeout(update, 120);
    }
    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      clearTimeout(timer);
      update();
    });
    const sync = () => { marks.scrollLeft = addr.scrollLeft; };
    addr.addEventListener("scroll", sync);
    addr.addEventListener("keyup", sync);
    addr.addEventListener("click", sync);

    function render(v) {
      marks.replaceChildren(...(v.marked || []).map((s) =>
        s.names ? el("span", { class: "err" + (s.failure ? " fail" : "") + (s.text ? "" : " empty"), title: s.names.join(", ") }, s.text)
                : document.createTextNode(s.text)));
      sync();
      results.replaceChildren(...sections(v));
      results.dataset.address = v.address;
      results.dataset.renders = String((+results.dataset.renders || 0) + 1);
      const url = "/?" + v.query;
      link.href = url;
      history.replaceState(null, "", url);
    }
    function sections(v) {
      if (!v.sections) return [el("p", { class: "hint", text: "Type an address above: a URL, a domain, or a spreadsheet cell as people write them." })];
      return v.sections.map((s) => el("section", { id: "sec-" + s.id, class: "reading" },
        el("h2", { text: s.title }),
        s.note && el("p", { class: "note", text: s.note }),
        s.error && el("p", { class: "failure", "data-code": s.error.code }, el("code", { text: s.error.code }), " " + s.error.message),
        el("table", {}, ...s.fields.map((f) => el("tr", { "data-field": f.name },
          el("th", { text: f.name }),
          el("td", { class: f.absent ? "absent" : null, text: f.absent ? "null" : f.value }))))));
    }
  }

  // The list cleaner: a file's start is sent to /api/sample (header, rows,
  // the column guessed), /api/preview runs the command on it, and a run
  // streams the whole file to /api/runs/ID/input while the browser
  // downloads /api/runs/ID/output.
  function list() {
    const data = JSON.parse($("#commands-data").textContent);
    const commands = data || [];
    const formats = ["csv", "tsv", "jsonl"];
    const fileIn = $("#file"), drop = $("#drop"), info = $("#fileinfo");
    const delim = $("#delimiter"), enc = $("#encoding"), column = $("#column");
    const command = $("#command"), format = $("#format"), flagsBox = $("#flags"), fieldList = $("#field-list"), inputList = $("#input-list");
    const previewBtn = $("#preview-btn"), runBtn = $("#run-btn"), cancelBtn = $("#cancel-btn");
    const progress = $("#progress"), status = $("#status"), preview = $("#preview"), summary = $("#summary"), downloads = $("#downloads");
    let file = null, sampleBody = null, guessed = ",", running = null;

    for (const c of commands) command.append(el("option", { value: c.name, text: c.name + ": " + c.short }));
    command.value = commands.some((c) => c.name === "parse") ? "parse" : commands[0].name;
    for (const f of formats) format.append(el("option", { value: f, text: f }));
    fetch("/api/commands").then((r) => r.json()).then((d) => {
      for (const e of d.encodings || []) enc.append(el("option", { value: e, text: e }));
    });

    const cmd = () => commands.find((c) => c.name === command.value);

    function renderFlags() {
      const c = cmd();
      $("#command-help").textContent = c.short;
      flagsBox.replaceChildren(...c.flags.map((f) => {
        const id = "flag-" + f.name;
        if (f.type === "bool") {
          return el("label", { class: "check", title: f.usage },
            el("input", { type: "checkbox", id, "data-flag": f.name, checked: f.default === "true" }), "--" + f.name);
        }
        const input = f.values
          ? el("select", { id, "data-flag": f.name }, ...f.values.map((v) => el("option", { value: v, text: v, selected: v === f.default })))
          : el("input", { id, "data-flag": f.name, value: f.default, size: 12 });
        return el("label", { title: f.usage }, el("span", { text: "--" + f.name }), input);
      }));
      renderFields();
    }
    function columnSet() {
      const c = cmd();
      for (const [flag, set] of Object.entries(c.alt || {})) {
        const box = $("#flag-" + flag);
        if (box && box.checked) return set;
      }
      return { columns: c.columns, defaults: c.defaults };
    }
    function renderFields() {
      const set = columnSet();
      fieldList.replaceChildren(...set.columns.map((name) => el("label", {},
        el("input", { type: "checkbox", value: name, checked: !set.defaults || set.defaults.includes(name) }), " " + name)));
    }
    function flagValues() {
      const out = {};
      for (const e of flagsBox.querySelectorAll("[data-flag]")) {
        out[e.dataset.flag] = e.type === "checkbox" ? String(e.checked) : e.value;
      }
      return out;
    }
    // fields returns --fields: none when the file's columns are all kept
    // and the command's are its defaults; the command's picked when the
    // file's are all kept; else the file's picked, then the command's (a
    // name the file has too is the tool's "webaddress_" and the name).
    function fields() {
      const set = columnSet();
      const picked = [...fieldList.querySelectorAll("input:checked")].map((e) => e.value);
      const inputs = [...inputList.querySelectorAll("input")];
      const kept = inputs.filter((e) => e.checked).map((e) => e.value);
      const header = inputs.map((e) => e.value);
      if (kept.length === inputs.length) {
        const dflt = set.defaults || set.columns;
        if (picked.length === dflt.length && picked.every((n, i) => n === dflt[i])) return [];
        return picked;
      }
      return [...kept, ...picked.map((n) => header.includes(n) ? "webaddress_" + n : n)];
    }
    function request() {
      return {
        command: command.value, column: column.value, delimiter: delim.value || guessed,
        encoding: enc.value, format: format.value, fields: fields(), flags: flagValues(), name: file ? file.name : "",
      };
    }

    command.addEventListener("change", renderFlags);
    flagsBox.addEventListener("change", (e) => { if (e.target.type === "checkbox") renderFields(); });
    delim.addEventListener("change", () => file && loadSample());
    enc.addEventListener("change", () => file && loadSample());
    column.addEventListener("change", markColumn);
    renderFlags();

    fileIn.addEventListener("change", () => fileIn.files[0] && pick(fileIn.files[0]));
    drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    drop.addEventListener("drop", (e) => {
      e.preventDefault();
      drop.classList.remove("over");
      if (e.dataTransfer.files[0]) pick(e.dataTransfer.files[0]);
    });

    function size(n) {
      if (n >= 1 << 20) return (n / (1 << 20)).toFixed(1) + " MiB";
      if (n >= 1 << 10) return (n / (1 << 10)).toFixed(1) + " KiB";
      return n + " bytes";
    }
    async function pick(f) {
      file = f;
      info.textContent = f.name + ", " + size(f.size);
      if (/\.xls$/i.test(f.name)) {
        info.textContent += ": an Excel 97-2003 workbook, which the page does not read. Save it as .xlsx (Excel Workbook) or as CSV (UTF-8), and choose that.";
        file = null;
        previewBtn.disabled = runBtn.disabled = true;
        return;
      }
      await loadSample();
    }
    // A workbook (.xlsx) is a zip file: it is read whole, for its
    // preview too, within the server's --max-upload.
    const workbook = () => /\.xlsx$/i.test(file.name);
    // The file's first 64 KiB, cut after its last line break; a workbook
    // whole.
    async function sampleBytes() {
      if (workbook()) return file;
      const buf = new Uint8Array(await file.slice(0, 65536).arrayBuffer());
      if (file.size <= buf.length) return buf;
      const nl = buf.lastIndexOf(10);
      return nl > 0 ? buf.subarray(0, nl + 1) : buf;
    }
    async function loadSample() {
      status.textContent = "";
      sampleBody = await sampleBytes();
      const p = new URLSearchParams({ name: file.name });
      delim.disabled = enc.disabled = workbook();
      if (delim.value && !workbook()) p.set("delimiter", delim.value);
      if (enc.value && !workbook()) p.set("encoding", enc.value);
      if (!workbook() && file.size > sampleBody.length) p.set("partial", "1");
      if (workbook()) $("#sample-notes").textContent = "Reading the workbook…";
      const r = await fetch("/api/sample?" + p, { method: "POST", body: sampleBody });
      if (!r.ok) {
        $("#sample-notes").textContent = (await fail(r)).message;
        previewBtn.disabled = runBtn.disabled = true;
        return;
      }
      const s = await r.json();
      guessed = s.delimiter;
      const head = el("tr", {}, ...s.header.map((h) => el("th", { text: h })));
      $("#sample").replaceChildren(el("thead", {}, head), el("tbody", {}, ...s.rows.map((row) => el("tr", {}, ...row.map((c) => el("td", { text: c, title: c }))))));
      column.replaceChildren(...s.header.map((h) => el("option", { value: h, text: h })));
      inputList.replaceChildren(...s.header.map((h) => el("label", {}, el("input", { type: "checkbox", value: h, checked: true }), " " + h)));
      column.value = s.column || s.header[0];
      column.disabled = false;
      markColumn();
      const named = { ",": "comma", "\t": "tab", ";": "semicolon", "|": "bar" }[s.delimiter] || JSON.stringify(s.delimiter);
      $("#sample-notes").textContent = (workbook() ? "The first rows of the workbook's first sheet" : "The first rows, read with the delimiter " + named) +
        (s.column ? "; the column " + s.column + " looks like websites." : "; pick the column of addresses.") +
        (s.notes ? " " + s.notes.join("; ") : "");
      previewBtn.disabled = runBtn.disabled = false;
    }
    function markColumn() {
      const i = [...column.options].findIndex((o) => o.selected);
      for (const row of $("#sample").rows) {
        [...row.cells].forEach((c, j) => c.classList.toggle("picked", j === i));
      }
    }

    function table(t, header, rows) {
      t.replaceChildren(el("thead", {}, el("tr", {}, ...(header || []).map((h) => el("th", { text: h })))),
        el("tbody", {}, ...(rows || []).map((r) => el("tr", {}, ...r.map((c) => el("td", { text: c, title: c }))))));
    }
    function showSummary(res, extra) {
      const rows = [
        ["rows read", res.read], ["rows written", res.written], ["rows rejected", res.rejected],
      ];
      if (res.groups) rows.push(["groups", res.groups]);
      if (res.duplicates) rows.push(["duplicates left out", res.duplicates]);
      rows.push(["values failed", res.failed]);
      if (res.blank) rows.push(["blank lines skipped", res.blank]);
      const dl = el("dl", { id: "summary-list" }, ...rows.flatMap(([k, v]) => [el("dt", { text: k }), el("dd", { "data-name": k, text: String(v) })]));
      const codes = Object.entries(res.failed_by_code || {}).sort((a, b) => b[1] - a[1]);
      const codeTable = codes.length ? el("table", { class: "codes" }, el("thead", {}, el("tr", {}, el("th", { text: "failed with" }), el("th", { text: "values" }))),
        el("tbody", {}, ...codes.map(([c, n]) => el("tr", { "data-code": c }, el("td", {}, el("code", { text: c })), el("td", { text: String(n) }))))) : null;
      summary.replaceChildren(...[el("p", { class: "help", text: res.summary }), dl, codeTable, ...(extra || [])].filter((e) => e));
    }

    previewBtn.addEventListener("click", async () => {
      status.textContent = "Running on the first rows…";
      const r = await fetch("/api/preview?" + new URLSearchParams({ name: file.name, run: JSON.stringify(request()) }), { method: "POST", body: sampleBody });
      if (!r.ok) {
        status.textContent = (await fail(r)).message;
        return;
      }
      const p = await r.json();
      table(preview, p.header, p.rows);
      showSummary(p.result, p.messages ? [el("p", { class: "help", text: p.messages })] : []);
      status.textContent = "A preview of the first " + p.result.read + " rows" + (workbook() ? " of the workbook's sheet." : " (of the file's first " + size(sampleBody.length) + ").");
      downloads.replaceChildren();
    });

    runBtn.addEventListener("click", async () => {
      const r = await fetch("/api/runs", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request()) });
      if (!r.ok) {
        status.textContent = (await fail(r)).message;
        return;
      }
      const { id, name } = await r.json();
      running = id;
      runBtn.disabled = previewBtn.disabled = true;
      cancelBtn.hidden = false;
      progress.hidden = false;
      progress.value = 0;
      status.textContent = "Starting…";
      downloads.replaceChildren();
      summary.replaceChildren();
      // The download, streamed by the browser as the rows are made.
      const a = el("a", { href: "/api/runs/" + id + "/output", download: name, hidden: true });
      document.body.append(a);
      a.click();
      a.remove();
      const started = performance.now();
      const poll = setInterval(async () => {
        const s = await (await fetch("/api/runs/" + id)).json();
        const secs = (performance.now() - started) / 1000;
        if (s.state === "running") {
          status.textContent = s.rows.toLocaleString() + " rows done (" + Math.round(s.rows / secs).toLocaleString() + " a second), " +
            s.failed.toLocaleString() + " values failed; " + size(s.bytes_in) + " of " + size(file.size) + " read, " + size(s.bytes_out) + " written";
        }
      }, 500);
      const x = new XMLHttpRequest();
      x.open("POST", "/api/runs/" + id + "/input");
      x.upload.onprogress = (e) => { if (e.lengthComputable) progress.value = e.loaded / e.total; };
      x.onloadend = () => {
        clearInterval(poll);
        running = null;
        cancelBtn.hidden = true;
        runBtn.disabled = previewBtn.disabled = false;
        let s;
        try { s = JSON.parse(x.responseText); } catch (e) { status.textContent = x.responseText || "The run stopped."; return; }
        const secs = ((performance.now() - started) / 1000).toFixed(1);
        progress.value = 1;
        if (s.error) {
          status.textContent = "The run failed: " + s.error;
          return;
        }
        status.dataset.state = "done";
        status.textContent = "Done in " + secs + " s: " + name + " is downloaded.";
        const cli = "webaddress " + s.args.map((a) => /^[\w=.,\/:-]+$/.test(a) ? a : "'" + a.replace(/'/g, "'\\''") + "'").join(" ") + " < " + (file.name || "FILE");
        showSummary(s.result, [el("p", { class: "help", text: "The same output on the command line:" }), el("code", { class: "cmd", text: cli }),
          s.messages ? el("p", { class: "help", text: s.messages }) : null]);
        const links = [];
        if (s.result.rejected > 0) {
          links.push(el("a", { id: "rejects-link", href: "/api/runs/" + id + "/rejects", download: "", text: "Download the " + s.result.rejected + " rejected records (JSON lines)" }));
          if (s.rejects_dropped) links.push(" (only the first 16 MiB of them are kept)");
        }
        downloads.replaceChildren(...links);
      };
      x.send(file);
    });
    cancelBtn.addEventListener("click", () => {
      if (running) fetch("/api/runs/" + running + "/cancel", { method: "POST" });
    });
  }
})();
