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
        s.strict && el("p", { class: "strict", "data-code": s.strict.code }, "Read strictly, exactly as typed, this text is not a URL (a browser's address bar adds what is missing, as this tool does below): ",
          el("code", { text: s.strict.code }), " " + s.strict.message),
        el("table", {}, ...s.fields.map((f) => el("tr", { "data-field": f.name },
          el("th", { text: f.name }),
          el("td", { class: f.absent ? "absent" : null, text: f.absent ? "null" : f.value }))))));
    }
  }

  // Plain words for the tool's options, by flag: a label and a help text
  // shown on the page; the flag's name is shown beside, for people who
  // will move to the command line.
  const WORDS = {
    by: ["Count as one", "page: the same page; site: the same website (a host, a profile, a shop on a platform); owner: the same organisation, whatever page of it was typed."],
    keep: ["Row kept of each group", "first: the first row of the group, as it comes; most-complete: the row with the most cells filled in (the first of those). Only with one row per group."],
    first: ["Keep one row per group", "Only the first row of each group is written, with your columns; without it the result is a list of the groups."],
    "keep-emails": ["Treat e-mail addresses as no website", "By default an e-mail address at a company's domain stands for its website (sales@acme.com: acme.com)."],
    raw: ["Read each cell exactly as typed", "No tidying: placeholders such as N/A, e-mail addresses, quotes and several addresses in a cell are read as web addresses."],
    split: ["A cell of several websites gives a row for each", "By default such a cell fails, as several websites."],
    "merge-invalid": ["Group what is not a website too", "Rows that failed with the same problem and the same cell are one group, as are addresses that are not public websites."],
    "key-version": ["Version of the comparison", "3 reads sites and organisations; 1 and 2 are the older comparisons, kept for results stored with them."],
    aliases: ["Domains of one organisation", "A pair per line: \"acme.de acme.com\" makes acme.de part of acme.com. Type them, or load a file."],
    platforms: ["Platforms whose customers are apart", "A shape per line, such as \"<name>.shops.example.net\": each customer is its own website. Type them, or load a file."],
    "keep-apart": ["Groups never merged", "A key per line, as the key column has it: the rows of that key stay apart. Type them, or load a file."],
    against: ["Your accounts", "The accounts file, separated as the list is. On the match task it is chosen above, and its text is what the tool reads."],
    "against-column": ["The accounts' columns of websites or e-mail addresses", "Comma-separated, tried in order. On the match task they are ticked above."],
    "against-fields": ["The accounts' columns added to each row", "Comma-separated; empty: all of them."],
    all: ["A row per account matched", "By default a row per row of your list, with the first account it matches and how many match."],
    cache: ["Results kept in memory", "How many different cells have their results kept, to be fast on repeated cells."],
  };
  const LEVEL_WORDS = { page: "page (the same page)", site: "site (the same website)", owner: "owner (the same organisation)" };
  const COMMAND_WORDS = {
    parse: "Read each website and add what the tool knows of it: its organisation, site, domain, the changes made, or what is wrong.",
    key: "Add a key that is the same for the ways of writing one page, site or organisation.",
    dedupe: "Group the rows of one page, site or organisation.",
    clean: "Clean each website as R's safe_parse_url does.",
    surt: "Write each website as a SURT key, as web archives sort them.",
    lint: "List the URL Standard's remarks on each website, as the address bar would see it.",
    url: "Read each value strictly as the URL Standard does (new URL), with no tidying.",
  };
  // A failure's code in plain words (the server's codeWords): what a row
  // has instead of a website.
  let CODE_WORDS = {};
  const codeWords = (c) => CODE_WORDS[c] || "a website the tool could not read";
  // The tasks: what people come to do, each a command with its options
  // and columns.
  const TASKS = [
    { id: "organisations", title: "One row per organisation", command: "dedupe", flags: { by: "owner", first: "true" }, add: [], review: true,
      help: "Rows of one organisation (the same website or e-mail domain, pages of one company, one customer of a platform) become one: the first, with your columns as they are. Review every group before you download." },
    { id: "columns", title: "Add the organisation, site and domain columns", command: "parse", flags: { by: "page" }, add: ["owner", "site", "domain"],
      help: "Every row kept, with three columns added: the organisation (owner), the website (site) and the registered domain." },
    { id: "problems", title: "Find the missing, personal and broken websites", command: "parse", flags: { by: "page" }, add: ["error_code", "error"],
      help: "Every row kept, with what is wrong with its website (empty, a placeholder, a personal e-mail, broken), counted in plain words." },
    { id: "clean", title: "Clean the websites as R does", command: "clean", flags: {}, add: null,
      help: "The cleaning of R's safe_parse_url, with its options (under More): the clean website and its parts beside your columns." },
    { id: "match", title: "Match this list against my accounts", command: "match", flags: {}, add: null,
      help: "Find which rows are organisations you have already: choose your accounts file, and each row gets the account it matches, at its site if an account is there, else at its owner (match_count, match_key, match_via, match_level, match_ambiguous and the account's columns); the new rows are counted and shown." },
    { id: "custom", title: "Something else: choose the command and options yourself", command: "", flags: {}, add: null,
      help: "Opens More, below, with every command and option of the tool." },
  ];

  // The list cleaner: a file's start is sent to /api/sample (header, rows,
  // the column guessed), /api/preview runs the command on it, and a run
  // streams the whole file to /api/runs/ID/input while the browser
  // downloads /api/runs/ID/output. The review runs the file twice (its
  // groups, its rows) and reads both outputs here.
  function list() {
    const commands = JSON.parse($("#commands-data").textContent) || [];
    CODE_WORDS = JSON.parse($("#words-data").textContent) || {};
    const formats = ["csv", "tsv", "jsonl"];
    const fileIn = $("#file"), drop = $("#drop"), info = $("#fileinfo");
    const delim = $("#delimiter"), enc = $("#encoding"), column = $("#column");
    const command = $("#command"), format = $("#format"), flagsBox = $("#flags"), fieldList = $("#field-list"), inputList = $("#input-list");
    const previewBtn = $("#preview-btn"), runBtn = $("#run-btn"), cancelBtn = $("#cancel-btn"), reviewBtn = $("#review-btn");
    const progress = $("#progress"), status = $("#status"), preview = $("#preview"), summary = $("#summary"), downloads = $("#downloads");
    let file = null, sampleBody = null, guessed = ",", running = null, header = [], task = TASKS[0], accounts = null;

    for (const c of commands) command.append(el("option", { value: c.name, text: c.name + ": " + (COMMAND_WORDS[c.name] || c.short) }));
    for (const f of formats) format.append(el("option", { value: f, text: f }));
    fetch("/api/commands").then((r) => r.json()).then((d) => {
      for (const e of d.encodings || []) enc.append(el("option", { value: e, text: e }));
    });
    const cmd = () => commands.find((c) => c.name === command.value);
    const has = (name) => commands.some((c) => c.name === name);

    // The tasks, as radio buttons with their help visible.
    $("#task-list").replaceChildren(...TASKS.map((t) => {
      const ok = !t.command || has(t.command);
      const id = "task-" + t.id;
      return el("div", { class: "task" + (ok ? "" : " unavailable") },
        el("input", { type: "radio", name: "task", id, value: t.id, disabled: !ok, "aria-describedby": id + "-help" }),
        el("label", { for: id }, t.title),
        el("p", { class: "help", id: id + "-help", text: ok ? t.help : t.help + " Not in this version of the tool: it has no " + t.command + " command." }));
    }));
    $("#task-list").addEventListener("change", (e) => applyTask(TASKS.find((t) => t.id === e.target.value)));

    function applyTask(t) {
      task = t;
      $("#task-" + t.id).checked = true;
      if (t.command) {
        command.value = t.command;
        renderFlags();
        for (const [n, v] of Object.entries(t.flags)) {
          const e = $("#flag-" + n);
          if (!e) continue;
          if (e.type === "checkbox") e.checked = v === "true";
          else e.value = v;
        }
        enforce();
        renderFields();
        if (t.add) for (const e of fieldList.querySelectorAll("input")) e.checked = t.add.includes(e.value);
      } else {
        $("#more").open = true;
      }
      reviewBtn.hidden = !t.review;
      $("#match-box").hidden = t.id !== "match";
      matchState();
      clearResult();
    }

    function flagControl(f) {
      const id = "flag-" + f.name, hid = id + "-help";
      const [words, help] = WORDS[f.name] || [f.name.replace(/-/g, " "), ""];
      const label = el("label", { for: id }, words + " ", el("code", { text: "--" + f.name }));
      const helpP = el("p", { class: "help", id: hid, text: help || f.usage.replace(/`/g, "") });
      if (f.type === "bool") {
        return el("div", { class: "flag check" }, el("input", { type: "checkbox", id, "data-flag": f.name, checked: f.default === "true", "aria-describedby": hid }), label, helpP);
      }
      let control;
      if (f.type === "list") {
        const load = el("input", { type: "file", id: id + "-file", accept: ".txt,text/plain" });
        control = el("div", { class: "list" }, el("textarea", { id, "data-list": f.name, rows: 3, cols: 40, spellcheck: "false", "aria-describedby": hid }),
          el("label", { class: "button small" }, load, "Load " + f.name + " from a file"));
        load.addEventListener("change", async () => {
          if (load.files[0]) {
            $("#" + id).value = await load.files[0].text();
            enforce();
          }
        });
      } else if (f.values) {
        control = el("select", { id, "data-flag": f.name, "aria-describedby": hid },
          ...f.values.map((v) => el("option", { value: v, text: f.name === "by" ? LEVEL_WORDS[v] || v : v, selected: v === f.default })));
      } else {
        control = el("input", { id, "data-flag": f.name, value: f.default, size: 12, "aria-describedby": hid });
      }
      return el("div", { class: "flag" }, label, control, helpP);
    }
    function renderFlags() {
      const c = cmd();
      $("#command-help").textContent = (COMMAND_WORDS[c.name] || "") + " The tool's own words: " + c.short + ".";
      flagsBox.replaceChildren(...c.flags.map(flagControl));
      enforce();
      renderFields();
    }
    // enforce leaves only the combinations that work: keys at a level,
    // and the lists, are the comparison version 3's.
    function enforce() {
      const keep = $("#flag-keep"), first = $("#flag-first");
      if (keep && first) {
        keep.disabled = !first.checked;
        if (!first.checked) keep.value = "first";
      }
      const by = $("#flag-by"), kv = $("#flag-key-version");
      if (!by || !kv) return;
      const lists = [...flagsBox.querySelectorAll("[data-list]")];
      const levels = by.value !== "page" || lists.some((e) => e.value.trim() !== "");
      if (levels) kv.value = "3";
      for (const o of kv.options) o.disabled = levels && o.value !== "3";
      const old = kv.value === "1";
      for (const o of by.options) o.disabled = old && o.value !== "page";
      for (const e of lists) e.disabled = old;
    }
    function columnSet() {
      const c = cmd();
      for (const [flag, set] of Object.entries(c.alt || {})) {
        const box = $("#flag-" + flag);
        if (box && box.checked) return set;
      }
      return { columns: c.columns, defaults: c.defaults };
    }
    // passThrough reports whether the output has the file's columns: all
    // but dedupe's list of groups.
    const passThrough = () => !(command.value === "dedupe" && !($("#flag-first") || {}).checked);
    function renderFields() {
      const set = columnSet();
      fieldList.replaceChildren(...set.columns.map((name) => el("label", {},
        el("input", { type: "checkbox", value: name, checked: !set.defaults || set.defaults.includes(name) }), " " + name)));
      inputList.hidden = !passThrough();
    }
    function renderInputs() {
      inputList.replaceChildren(...header.map((h) => el("label", {}, el("input", { type: "checkbox", value: h, checked: true }), " " + h)));
      inputList.hidden = !passThrough();
    }
    function flagValues() {
      const out = {};
      for (const e of flagsBox.querySelectorAll("[data-flag]")) out[e.dataset.flag] = e.type === "checkbox" ? String(e.checked) : e.value;
      return out;
    }
    function listValues(extra) {
      const out = {};
      for (const e of flagsBox.querySelectorAll("[data-list]")) if (e.value.trim() !== "" && !e.disabled) out[e.dataset.list] = e.value;
      return Object.assign(out, extra || {});
    }
    // A column the tool adds, named as in its output: "webaddress_" and
    // the name when the file has a column of that name.
    const outName = (n) => header.includes(n) ? "webaddress_" + n : n;
    // fields returns --fields: none when the file's columns are all kept
    // and the tool's are its defaults; the tool's picked when the file's
    // are all kept; else the file's kept, then the tool's.
    function fields() {
      const set = columnSet();
      const picked = [...fieldList.querySelectorAll("input:checked")].map((e) => e.value);
      const dflt = set.defaults || set.columns;
      const isDefault = picked.length === dflt.length && picked.every((n, i) => n === dflt[i]);
      if (!passThrough()) return isDefault ? [] : picked;
      const inputs = [...inputList.querySelectorAll("input")];
      const kept = inputs.filter((e) => e.checked).map((e) => e.value);
      if (kept.length === inputs.length) {
        if (isDefault) return [];
        if (picked.length) return picked;
      }
      return [...kept, ...picked.map(outName)];
    }
    function request(extra) {
      const q = {
        command: command.value, column: column.value, delimiter: delim.value || guessed,
        encoding: enc.value, format: format.value, fields: fields(), flags: flagValues(), lists: listValues(), name: file ? file.name : "",
      };
      if (q.command === "match" && task.id === "match" && accounts && accounts.text != null) {
        // The accounts are given as text (--against), never as a path.
        q.column = picked(matchList).join(",");
        q.flags["against-column"] = picked(againstList).join(",");
        q.lists = Object.assign({}, q.lists, { against: accounts.text });
      }
      return Object.assign(q, extra || {});
    }

    // The match task: the accounts file, read here and given to the tool
    // as the text of --against (the tool reads it as it reads the list:
    // the same delimiter and encoding), its columns (--against-column)
    // and the list's (--column), e-mail columns first. Only a working
    // combination can be run.
    const matchBox = $("#match-box"), accountsIn = $("#accounts"), againstList = $("#against-list"), matchList = $("#match-list");
    const isMail = (h) => /mail/i.test(h);
    const picked = (box) => {
      const v = [...box.querySelectorAll("input:checked")].map((e) => e.value);
      return [...v.filter(isMail), ...v.filter((h) => !isMail(h))];
    };
    function checks(box, names, on) {
      box.replaceChildren(...names.map((h) => el("label", {}, el("input", { type: "checkbox", value: h, checked: on(h) }), " " + h)));
    }
    const delimWords = (d) => ({ ",": "commas", "\t": "tabs", ";": "semicolons", "|": "bars" })[d] || JSON.stringify(d);
    function matchProblem() {
      if (!file) return "Choose your list above first.";
      if (workbook()) return "Your list is an Excel workbook: this version matches a CSV or TSV list against CSV or TSV accounts. Save the list as CSV (UTF-8), and choose that.";
      if (!accounts) return "Choose your accounts file.";
      if (accounts.problem) return accounts.problem;
      if (enc.value) return "Your list is read as " + enc.value + ", and the accounts are read alike, but the page reads them as UTF-8: save both as CSV (UTF-8).";
      const d = delim.value || guessed;
      if (accounts.delimiter !== d && /\.xlsx$/i.test(accounts.name)) return "Your list's delimiter changed: choose your accounts workbook again.";
      if (accounts.delimiter !== d) return "Your accounts file is separated by " + delimWords(accounts.delimiter) + " and your list by " + delimWords(d) + ": the tool reads both alike. Save them separated alike, or pick the list's delimiter above.";
      if (!picked(againstList).length) return "Tick a column of the accounts that holds websites or e-mail addresses.";
      if (!picked(matchList).length) return "Tick a column of your list that holds websites or e-mail addresses.";
      return "";
    }
    function matchState() {
      const problem = matchProblem();
      $("#match-help").textContent = problem || "Ready: your list's " + picked(matchList).join(", then ") + " against the accounts' " + picked(againstList).join(", then ") + " (each tried in this order).";
      matchBox.dataset.ready = problem ? "" : "1";
      const ac = $("#flag-against-column");
      if (ac && accounts) ac.value = picked(againstList).join(",");
      setReady();
    }
    function setReady() {
      if (running) return;
      previewBtn.disabled = runBtn.disabled = !file || (task.id === "match" && matchProblem() !== "");
      reviewBtn.disabled = !file;
    }
    function renderMatchColumns() {
      checks(matchList, header, (h) => isMail(h) || h === column.value);
      matchState();
    }
    async function pickAccounts(f) {
      // Not ready until the file is read; a file chosen meanwhile wins.
      const mine = accounts = { name: f.name, problem: "Reading your accounts file…", delimiter: "" };
      const stale = () => accounts !== mine;
      $("#accounts-info").textContent = "Your accounts: " + f.name + ", " + size(f.size) + ".";
      againstList.replaceChildren();
      matchState();
      if (/\.xls$/i.test(f.name)) {
        mine.problem = "Your accounts file is an Excel 97-2003 workbook, which the page does not read. Save it as .xlsx (Excel Workbook) or as CSV (UTF-8), and choose that.";
        matchState();
        return;
      }
      const book = /\.xlsx$/i.test(f.name);
      if (book && (!file || workbook())) {
        mine.problem = "Choose your list (a CSV or TSV file) first: an accounts workbook is read as the list is separated.";
        matchState();
        return;
      }
      const body = book ? f : await startOf(f);
      if (stale()) return;
      const p = new URLSearchParams({ name: f.name });
      if (!book && f.size > body.length) p.set("partial", "1");
      const r = await fetch("/api/sample?" + p, { method: "POST", body });
      if (stale()) return;
      if (!r.ok) {
        mine.problem = "Your accounts file: " + (await fail(r)).message;
        matchState();
        return;
      }
      const smp = await r.json();
      if (stale()) return;
      if (book) {
        // The workbook's first sheet, as the tool reads it, separated as
        // the list is: the text the tool is given.
        const d = delim.value || guessed;
        const t = await fetch("/api/sheet?" + new URLSearchParams({ name: f.name, delimiter: d }), { method: "POST", body: f });
        if (stale()) return;
        if (!t.ok) {
          mine.problem = "Your accounts workbook: " + (await fail(t)).message;
          matchState();
          return;
        }
        mine.text = await t.text();
        mine.delimiter = d;
      } else {
        mine.text = await f.text();
        mine.delimiter = smp.delimiter;
      }
      if (stale()) return;
      mine.problem = "";
      checks(againstList, smp.header, (h) => isMail(h) || h === smp.column);
      matchState();
      clearResult();
    }
    accountsIn.addEventListener("change", () => accountsIn.files[0] && pickAccounts(accountsIn.files[0]));
    matchBox.addEventListener("dragover", (e) => { e.preventDefault(); matchBox.classList.add("over"); });
    matchBox.addEventListener("dragleave", () => matchBox.classList.remove("over"));
    matchBox.addEventListener("drop", (e) => {
      e.preventDefault();
      e.stopPropagation();
      matchBox.classList.remove("over");
      if (e.dataTransfer.files[0]) pickAccounts(e.dataTransfer.files[0]);
    });
    matchBox.addEventListener("change", (e) => { if (e.target.type === "checkbox") { matchState(); clearResult(); } });

    // showMatch says how the rows matched (their match_count), in words
    // and a chart, and shows the new rows: the rows of the output, as
    // cells under head.
    function showMatch(head, rows) {
      const at = head.indexOf("match_count");
      if (at < 0) return;
      const counts = rows.map((r) => +r[at]);
      const hit = counts.filter((c) => c > 0).length, several = counts.filter((c) => c > 1).length, fresh = counts.length - hit;
      const lead = el("p", { class: "lead", id: "match-words" }, rowsWord(hit) + (hit === 1 ? " matches" : " match") + " an account; " +
        several.toLocaleString() + (several === 1 ? " matches" : " match") + " several; " + fresh.toLocaleString() + (fresh === 1 ? " is" : " are") + " new.");
      const old = $("#words .lead");
      if (old) old.replaceWith(lead);
      else $("#words").prepend(lead);
      $("#chart").replaceChildren(barChart("match", "How the " + rowsWord(counts.length) + " matched",
        [["one account", hit - several], ["several accounts", several], ["new: no account", fresh]]));
      sizeBars();
      const news = rows.filter((r, i) => counts[i] === 0);
      const box = el("div", { class: "scroll", tabindex: "0", role: "region", "aria-label": "The new rows" }, el("table", { id: "new-rows" }));
      $("#words").append(el("h3", { text: fresh ? "The new rows (" + fresh.toLocaleString() + (news.length > 500 ? ", the first 500 shown" : "") + ")" : "No new rows: every row matches an account." }), fresh ? box : null);
      if (fresh) table($("#new-rows"), head, news.slice(0, 500));
      $("#words").dataset.match = String(counts.length);
    }

    command.addEventListener("change", () => { renderFlags(); clearResult(); });
    flagsBox.addEventListener("change", (e) => {
      enforce();
      if (e.target.type === "checkbox" && e.target.dataset.flag === "first") renderFields();
      clearResult();
    });
    flagsBox.addEventListener("input", (e) => { if (e.target.dataset.list) enforce(); });
    delim.addEventListener("change", () => file && loadSample());
    enc.addEventListener("change", () => file && loadSample());
    column.addEventListener("change", markColumn);
    applyTask(TASKS[0]);

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
        previewBtn.disabled = runBtn.disabled = reviewBtn.disabled = true;
        return;
      }
      await loadSample();
    }
    // A workbook (.xlsx) is a zip file: it is read whole, for its
    // preview too, within the server's limits.
    const workbook = () => /\.xlsx$/i.test(file.name);
    // The file's first 256 KiB, cut after its last line break; a workbook
    // whole.
    async function sampleBytes() {
      if (workbook()) return file;
      return startOf(file);
    }
    async function startOf(f) {
      const buf = new Uint8Array(await f.slice(0, 262144).arrayBuffer());
      if (f.size <= buf.length) return buf;
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
        previewBtn.disabled = runBtn.disabled = reviewBtn.disabled = true;
        return;
      }
      const s = await r.json();
      guessed = s.delimiter;
      header = s.header;
      const head = el("tr", {}, ...s.header.map((h) => el("th", { text: h })));
      $("#sample").replaceChildren(el("thead", {}, head), el("tbody", {}, ...s.rows.map((row) => el("tr", {}, ...row.map((c) => el("td", { text: c, title: c }))))));
      column.replaceChildren(...s.header.map((h) => el("option", { value: h, text: h })));
      renderInputs();
      column.value = s.column || s.header[0];
      column.disabled = false;
      markColumn();
      renderMatchColumns();
      const named = { ",": "comma", "\t": "tab", ";": "semicolon", "|": "bar" }[s.delimiter] || JSON.stringify(s.delimiter);
      $("#sample-notes").textContent = (workbook() ? "The first rows of the workbook's first sheet" : "The first rows, read with the delimiter " + named) +
        (s.column ? "; the column " + s.column + " looks like websites." : "; pick the column of websites.") +
        (s.notes ? " " + s.notes.map(noteWords).join("; ") : "");
      setReady();
      clearResult();
      document.body.dataset.state = "loaded";
    }
    // noteWords says a note of the reader in plain words, its code beside:
    // "record.bare-quote: line 8: ..." is "Line 8 has a quote inside a
    // cell ... (record.bare-quote)".
    function noteWords(note) {
      const m = /^(record\.[a-z-]+): line (\d+)/.exec(note);
      if (!m || !CODE_WORDS[m[1]]) return note;
      return "Line " + m[2] + " has " + CODE_WORDS[m[1]] + ": it is left out of the run (" + m[1] + ")";
    }
    function markColumn() {
      const i = [...column.options].findIndex((o) => o.selected);
      for (const row of $("#sample").rows) {
        [...row.cells].forEach((c, j) => c.classList.toggle("picked", j === i));
      }
    }

    function table(t, head, rows) {
      t.replaceChildren(el("thead", {}, el("tr", {}, ...(head || []).map((h) => el("th", { text: h })))),
        el("tbody", {}, ...(rows || []).map((r) => el("tr", {}, ...r.map((c) => el("td", { text: c, title: c }))))));
    }
    function clearResult() {
      preview.replaceChildren();
      summary.replaceChildren();
      $("#words").replaceChildren();
      $("#chart").replaceChildren();
      downloads.replaceChildren();
      $("#review").hidden = true;
      if (!running) progress.hidden = true;
      delete status.dataset.state;
      status.textContent = "";
    }
    const rowsWord = (n) => n.toLocaleString() + (n === 1 ? " row" : " rows");
    // words says what happened to the rows, in plain words, with the
    // codes beside the failures.
    function words(res) {
      const out = [];
      const dedupe = command.value === "dedupe";
      if (dedupe && res.duplicates) {
        out.push(el("p", { class: "lead" }, rowsWord(res.written) + " kept, one per " + levelWord() + "; " + rowsWord(res.duplicates) +
          (res.duplicates === 1 ? " was" : " were") + " the same " + levelWord() + " as a row kept, and left out."));
      } else if (dedupe && res.groups) {
        out.push(el("p", { class: "lead" }, rowsWord(res.read - res.rejected) + " in " + res.groups.toLocaleString() + " groups."));
      } else {
        out.push(el("p", { class: "lead" }, rowsWord(res.written) + " written."));
      }
      const codes = Object.entries(res.failed_by_code || {}).sort((a, b) => b[1] - a[1]);
      if (codes.length) {
        out.push(el("ul", { class: "problems" }, ...codes.map(([c, n]) => el("li", { "data-code": c },
          rowsWord(n) + (n === 1 ? " has " : " have ") + codeWords(c) + " ", el("code", { text: c })))));
      }
      if (res.rejected) out.push(el("p", {}, rowsWord(res.rejected) + " could not be read as a table row (such as a quote never closed): they are left out, and can be downloaded after a run."));
      return out;
    }
    function levelWord() {
      const by = $("#flag-by");
      return { page: "page", site: "website", owner: "organisation" }[by ? by.value : "page"] || "key";
    }
    // outcome draws the rows' outcome as one bar: kept, merged, each
    // failure, rejected.
    function outcome(res) {
      const parts = [];
      const failedBy = res.failed_by_code || {};
      let failed = 0;
      const kinds = { "no website": ["web.empty"], "personal e-mail": ["web.email", "web.email-free-mail"], "placeholder": ["web.placeholder"], "several websites in a cell": ["web.several-addresses"] };
      const seen = new Set();
      for (const [name, cs] of Object.entries(kinds)) {
        const n = cs.reduce((a, c) => a + (failedBy[c] || 0), 0);
        cs.forEach((c) => seen.add(c));
        if (n) parts.push([name, n]);
        failed += n;
      }
      const broken = Object.entries(failedBy).filter(([c]) => !seen.has(c)).reduce((a, [, n]) => a + n, 0);
      if (broken) parts.push(["broken", broken]);
      failed += broken;
      const kept = Math.max(res.read - res.rejected - (res.duplicates || 0) - failed, 0);
      parts.unshift(["kept, with a website", kept]);
      if (res.duplicates) parts.splice(1, 0, ["merged into a row kept", res.duplicates]);
      if (res.rejected) parts.push(["rejected (not a table row)", res.rejected]);
      return barChart("outcome", "What became of the " + rowsWord(res.read) + " read", parts);
    }
    const COLOURS = ["#1f5f8b", "#6aa8d8", "#8a5a00", "#b0306b", "#5b4b8a", "#c8102e", "#3d6b2f", "#555"];
    // barChart draws parts, [name, count], as one bar of an SVG with its
    // legend: a picture, and a list that says the same.
    function barChart(id, title, parts) {
      const total = parts.reduce((a, [, n]) => a + n, 0) || 1;
      const NS = "http://www.w3.org/2000/svg";
      const svg = document.createElementNS(NS, "svg");
      svg.setAttribute("viewBox", "0 0 600 24");
      svg.setAttribute("class", "bar");
      svg.setAttribute("aria-hidden", "true");
      let x = 0;
      parts.forEach(([name, n], i) => {
        const w = (n / total) * 600;
        const r = document.createElementNS(NS, "rect");
        r.setAttribute("x", x.toFixed(2));
        r.setAttribute("y", "0");
        r.setAttribute("width", w.toFixed(2));
        r.setAttribute("height", "24");
        r.setAttribute("fill", COLOURS[i % COLOURS.length]);
        r.dataset.name = name;
        r.dataset.count = String(n);
        svg.append(r);
        x += w;
      });
      return el("figure", { class: "chart", id: "chart-" + id }, el("figcaption", { text: title }), svg,
        el("ul", { class: "legend" }, ...parts.map(([name, n], i) => el("li", { "data-name": name },
          el("span", { class: "swatch", "data-colour": String(i % COLOURS.length) }), name + ": " + n.toLocaleString() + " (" + Math.round((100 * n) / total) + "%)"))));
    }
    // sizesChart draws how many groups have each size.
    function sizesChart(groups) {
      const bins = [["1 row", 1, 1], ["2 rows", 2, 2], ["3 rows", 3, 3], ["4 to 9 rows", 4, 9], ["10 rows or more", 10, Infinity]];
      const counts = bins.map(([name, lo, hi]) => [name, groups.filter((g) => g.count >= lo && g.count <= hi).length]);
      const most = Math.max(1, ...counts.map(([, n]) => n));
      return el("figure", { class: "chart", id: "chart-sizes" }, el("figcaption", { text: "Groups by their number of rows" }),
        el("ul", { class: "columns" }, ...counts.map(([name, n]) => el("li", { "data-name": name },
          el("span", { class: "label", text: name }), el("span", { class: "track" }, el("span", { class: "fill", "data-pct": String(Math.round((100 * n) / most)) })),
          el("span", { class: "count", text: n.toLocaleString() + (n === 1 ? " group" : " groups") })))));
    }
    function showSummary(res, extra) {
      const rows = [["rows read", res.read], ["rows written", res.written], ["rows rejected", res.rejected]];
      if (res.groups) rows.push(["groups", res.groups]);
      if (res.duplicates) rows.push(["rows left out as the same " + levelWord(), res.duplicates]);
      // As the tool's summary counts them: the empty values apart.
      const empty = (res.failed_by_code || {})["web.empty"] || 0;
      rows.push(["values failed", res.failed - empty]);
      if (empty) rows.push(["empty values", empty]);
      if (res.blank) rows.push(["blank lines skipped", res.blank]);
      const dl = el("dl", { id: "summary-list" }, ...rows.flatMap(([k, v]) => [el("dt", { text: k }), el("dd", { "data-name": k, text: String(v) })]));
      $("#words").replaceChildren(...words(res));
      $("#chart").replaceChildren(outcome(res));
      sizeBars();
      summary.replaceChildren(...[el("p", { class: "help", text: "The tool's summary: " + res.summary }), dl, ...(extra || [])].filter((e) => e));
    }
    // sizeBars sets the bars' widths (a style the page's CSP allows: set
    // by script, not written in the markup).
    function sizeBars() {
      for (const s of document.querySelectorAll(".fill[data-pct]")) s.style.width = s.dataset.pct + "%";
      for (const s of document.querySelectorAll(".swatch[data-colour]")) s.style.background = COLOURS[+s.dataset.colour];
    }

    previewBtn.addEventListener("click", async () => {
      // The run's options start the body (runlen bytes): lists of any
      // length, within the request's limit.
      const q = request();
      const run = new TextEncoder().encode(JSON.stringify(q));
      if (!workbook() && run.length + sampleBody.length > 1 << 20) {
        clearResult();
        status.textContent = "The lists typed under More are too long for a preview (over " + size((1 << 20) - sampleBody.length) + "): review the groups, or run the whole file.";
        return;
      }
      status.textContent = "Running on the first rows…";
      const r = await fetch("/api/preview?" + new URLSearchParams({ name: file.name, runlen: String(run.length) }), { method: "POST", body: new Blob([run, sampleBody]) });
      if (!r.ok) {
        clearResult();
        status.textContent = (await fail(r)).message;
        return;
      }
      const p = await r.json();
      table(preview, p.header, p.rows);
      showSummary(p.result, p.messages ? [el("p", { class: "help", text: p.messages })] : []);
      if (q.command === "match" && q.format !== "jsonl" && q.flags.all !== "true" && p.rows.length === p.total) showMatch(p.header, p.rows);
      const whole = workbook() || sampleBody.length >= file.size;
      status.textContent = "A preview of " + (whole ? "all " + rowsWord(p.result.read) + (workbook() && p.result.read >= 1000 ? " (the sheet's first 1,000)" : "") : "the first " + rowsWord(p.result.read) + " (the file's first " + size(sampleBody.length) + ")") +
        ": " + (p.rows.length < p.total ? "the first " + p.rows.length.toLocaleString() + " of " : "all ") + p.total.toLocaleString() + " rows of the result are shown.";
      status.dataset.state = "preview";
      downloads.replaceChildren();
    });

    // runText runs q on the whole file and returns its output as text.
    async function runText(q) {
      const r = await fetch("/api/runs", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(q) });
      if (!r.ok) throw await fail(r);
      const { id } = await r.json();
      const out = fetch("/api/runs/" + id + "/output").then(async (o) => { if (!o.ok) throw await fail(o); return o.text(); });
      const inp = await fetch("/api/runs/" + id + "/input", { method: "POST", body: file });
      const st = await inp.json();
      if (st.error) throw new Error(st.error);
      return [await out, st, id];
    }
    const jsonLines = (text) => text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));

    // The review: the groups of the whole file, and its rows with their
    // own columns, read here; the person's choices become the lists of
    // --aliases and --keep-apart.
    const rv = { groups: [], rows: [], lines: [], page: 0, merges: [], apart: [], accepted: new Set() };
    const PAGE = 25;
    reviewBtn.addEventListener("click", () => review());
    async function review() {
      const sec = $("#review");
      const flags = flagValues();
      if (flags.split === "true") {
        status.textContent = "The review reads a row per cell: untick \"" + WORDS.split[0] + "\" (--split) first.";
        return;
      }
      status.textContent = "Reading the whole file for its groups…";
      const started = performance.now();
      const reading = Object.assign({}, flags);
      delete reading.first;
      delete reading["merge-invalid"];
      const parseFlags = {};
      const parseInfo = commands.find((c) => c.name === "parse");
      for (const [n, v] of Object.entries(reading)) if (parseInfo.flags.some((f) => f.name === n)) parseFlags[n] = v;
      const lists = listValues(reviewLists(false));
      const parseLists = {};
      for (const n of ["aliases", "platforms"]) if (lists[n]) parseLists[n] = lists[n];
      try {
        const [groupsText] = await runText(request({ command: "dedupe", format: "jsonl", fields: ["key", "count", "rows", "first"], flags: Object.assign(reading, { first: "false" }), lists }));
        const wanted = [...header, ...["key", "owner", "owner_rule", "facts", "removed_params", "error_code"].map(outName)];
        const [rowsText, st, id] = await runText(request({ command: "parse", format: "jsonl", fields: wanted, flags: parseFlags, lists: parseLists }));
        rv.groups = jsonLines(groupsText);
        rv.rows = jsonLines(rowsText);
        let rejected = [];
        if (st.result.rejected) rejected = jsonLines(await (await fetch("/api/runs/" + id + "/rejects")).text()).map((x) => x.line);
        rv.lines = lineNumbers(rv.rows.length, rejected);
      } catch (e) {
        status.textContent = "The review failed: " + e.message;
        return;
      }
      rv.page = 0;
      sec.hidden = false;
      renderReview();
      const secs = ((performance.now() - started) / 1000).toFixed(1);
      status.textContent = "The review of the whole file is below (read in " + secs + " s).";
      status.dataset.state = "review";
      document.body.dataset.state = "review";
      sec.dataset.ms = String(Math.round(performance.now() - started));
      sec.focus();
    }
    // lineNumbers returns the line of each row read (from 1; the header is
    // line 1), the rows rejected skipped: a spreadsheet's row numbers, for
    // a file of a line per row.
    function lineNumbers(count, rejected) {
      const skip = new Set(rejected), out = [0];
      let line = 1;
      for (let n = 1; n <= count; n++) {
        line++;
        while (skip.has(line)) line++;
        out.push(line);
      }
      return out;
    }
    // reviewLists returns the lists of the choices, to add to the typed
    // ones.
    function reviewLists(withApart = true) {
      const out = {};
      const typed = listValues();
      const aliases = [typed.aliases || "", ...rv.merges.map(([a, b]) => a + " " + b)].filter((s) => s.trim() !== "").join("\n");
      const apart = [typed["keep-apart"] || "", ...(withApart ? rv.apart : [])].filter((s) => s.trim() !== "").join("\n");
      if (aliases) out.aliases = aliases.endsWith("\n") ? aliases : aliases + "\n";
      if (apart) out["keep-apart"] = apart.endsWith("\n") ? apart : apart + "\n";
      return out;
    }
    function why(g, rows) {
      const r = [];
      const rule = (n) => rows.some((x) => x[outName("owner_rule")] === n);
      if (rule("domain")) r.push("the same domain, " + g.key);
      if (rule("platform")) r.push("one customer of a platform, " + g.key);
      if (rule("profile")) r.push("one profile on a social network, " + g.key);
      if (rule("alias")) r.push("domains you said are one organisation");
      const fact = (n) => rows.filter((x) => (x[outName("facts")] || []).includes(n)).length;
      if (fact("email-domain")) r.push("an e-mail address read as its domain's website (" + rowsWord(fact("email-domain")) + ")");
      if (fact("tracking-parameters-removed")) r.push("tracking parameters removed (" + rowsWord(fact("tracking-parameters-removed")) + ")");
      if (fact("link-unwrapped")) r.push("a wrapped link read as its target");
      if (fact("typo-repaired")) r.push("a typo repaired");
      const inputs = new Set(rows.map((x) => x[column.value]));
      if (inputs.size > 1 && r.length === 0) r.push("written differently (www, capitals, a page of the site)");
      if (r.length === 0) r.push("the same website, written the same way");
      return r;
    }
    function renderReview() {
      const multi = rv.groups.filter((g) => g.count > 1 && g.key);
      const inMulti = multi.reduce((a, g) => a + g.count, 0);
      const pages = Math.max(1, Math.ceil(multi.length / PAGE));
      rv.page = Math.min(rv.page, pages - 1);
      $("#review-status").textContent = rv.rows.length.toLocaleString() + " rows in " + rv.groups.length.toLocaleString() + " groups; " +
        multi.length.toLocaleString() + " groups have more than one row (" + rowsWord(inMulti) + "), and the download keeps one row of each.";
      $("#sizes").replaceChildren(sizesChart(rv.groups));
      sizeBars();
      $("#page-info").textContent = multi.length ? "Groups " + (rv.page * PAGE + 1) + " to " + Math.min(multi.length, (rv.page + 1) * PAGE) + " of " + multi.length : "No group has more than one row.";
      $("#prev-page").disabled = rv.page === 0;
      $("#next-page").disabled = rv.page >= pages - 1;
      $("#keys").replaceChildren(...rv.groups.filter((g) => g.key && !g.key.includes("/")).slice(0, 5000).map((g) => el("option", { value: g.key })));
      $("#groups").replaceChildren(...multi.slice(rv.page * PAGE, (rv.page + 1) * PAGE).map((g, i) => groupView(g, rv.page * PAGE + i)));
      const keep = $("#flag-keep");
      $("#keep-row").value = keep ? keep.value : "first";
      const choices = [...(keep && keep.value === "most-complete" ? ["Kept the most complete row of each group"] : []), ...rv.merges.map(([a, b]) => "Merged " + a + " into " + b), ...rv.apart.map((k) => "Kept the rows of " + k + " apart")];
      const reviewed = multi.filter((g) => rv.accepted.has(g.key) || rv.apart.includes(g.key)).length;
      $("#choices").textContent = (choices.length ? choices.join("; ") + ". " : "None yet: the groups are as the tool made them. ") +
        reviewed + " of " + multi.length + " groups reviewed (accepted or kept apart); the others are downloaded as the tool made them.";
      const lists = reviewLists();
      setSave($("#save-aliases"), lists.aliases || "");
      setSave($("#save-apart"), lists["keep-apart"] || "");
    }
    function setSave(a, text) {
      if (a.href.startsWith("blob:")) URL.revokeObjectURL(a.href);
      a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
      a.dataset.text = text;
    }
    // keptRow returns which of a group's rows the download keeps: the
    // first, or with --keep most-complete the first of those with the most
    // cells filled in.
    function keptRow(rows) {
      const keep = $("#flag-keep");
      if (!keep || keep.value !== "most-complete") return 0;
      const filled = (x) => header.filter((h) => x[h] != null && String(x[h]).trim() !== "").length;
      let best = 0;
      rows.forEach((x, j) => { if (filled(x) > filled(rows[best])) best = j; });
      return best;
    }
    // hostedPages returns the host when the rows are pages of one host
    // under different first path segments (www3.telus.net/davidlin,
    // www3.telus.net/frostadphotography): often the sites of different
    // people a provider hosts; "" otherwise. A segment of three letters or
    // fewer (en, us, cn: a language or a country) is a site's own.
    function hostedPages(rows) {
      const seen = new Set();
      let host = "";
      for (const x of rows) {
        let u;
        try { u = new URL(/^[a-z][a-z0-9+.-]*:/i.test(x[column.value]) ? x[column.value] : "https://" + x[column.value]); } catch (e) { return ""; }
        const first = u.pathname.split("/")[1] || "";
        if (first.length <= 3 || seen.has(first.toLowerCase()) || (host && u.hostname !== host)) return "";
        seen.add(first.toLowerCase());
        host = u.hostname;
      }
      return rows.length > 1 ? host : "";
    }
    function groupView(g, n) {
      const rows = g.rows.map((i) => rv.rows[i - 1]).filter((x) => x);
      const keptAt = keptRow(rows);
      const id = "group-" + n;
      const apart = rv.apart.includes(g.key);
      const mergeIn = el("input", { id: id + "-merge", list: "keys", size: 24, spellcheck: "false", "aria-describedby": id + "-merge-help" });
      const mergeBtn = el("button", { type: "button", class: "small" }, "Add to this group");
      mergeBtn.addEventListener("click", () => {
        const other = mergeIn.value.trim();
        if (!other || other === g.key) return;
        rv.merges.push([other, g.key]);
        review();
      });
      const accepted = rv.accepted.has(g.key);
      const acceptBtn = el("button", { type: "button", class: "small", "aria-pressed": String(accepted) }, accepted ? "Accepted: one organisation" : "Accept: one organisation");
      acceptBtn.addEventListener("click", () => {
        if (accepted) rv.accepted.delete(g.key);
        else rv.accepted.add(g.key);
        renderReview();
      });
      const apartBtn = el("button", { type: "button", class: "small", "aria-pressed": String(apart) }, apart ? "Merge its rows again" : "Keep its rows apart");
      apartBtn.addEventListener("click", () => {
        rv.apart = apart ? rv.apart.filter((k) => k !== g.key) : [...rv.apart, g.key];
        rv.accepted.delete(g.key);
        renderReview();
      });
      return el("section", { class: "group" + (apart ? " apart" : ""), id, "aria-labelledby": id + "-h" },
        el("h3", { id: id + "-h" }, g.key + ": " + rowsWord(g.count) + (apart ? ", kept apart" : accepted ? ", accepted" : "")),
        el("p", { class: "why" }, "One group because: " + why(g, rows).join("; ") + "."),
        hostedPages(rows) && el("p", { class: "help hosted" }, "Each row is another page under " + hostedPages(rows) + ": if they are the sites of different people or organisations that it hosts, keep the rows apart."),
        el("div", { class: "scroll", tabindex: "0", role: "region", "aria-label": "The rows of " + g.key },
          el("table", { class: "rows" }, el("thead", {}, el("tr", {}, el("th", { text: "row" }), ...header.map((h) => el("th", { text: h })))),
            el("tbody", {}, ...rows.map((x, j) => el("tr", { class: j === keptAt && !apart ? "kept" : null },
              el("td", { text: String(rv.lines[g.rows[j]] || g.rows[j]) + (j === keptAt && !apart ? " (kept)" : "") }), ...header.map((h) => el("td", { text: x[h] == null ? "" : String(x[h]) }))))))),
        el("div", { class: "group-actions" }, acceptBtn, " ", apartBtn, " ",
          el("label", { for: id + "-merge" }, "Another organisation's website, to add to this one: "), mergeIn, " ", mergeBtn,
          el("p", { class: "help", id: id + "-merge-help", text: "Its rows join this group (as a line of aliases.txt: \"other " + g.key + "\"). A row's number is its line in the file, as a spreadsheet numbers it: the header is row 1." })));
    }
    $("#keep-row").addEventListener("change", (e) => {
      const keep = $("#flag-keep");
      if (keep) keep.value = e.target.value;
      renderReview();
    });
    $("#prev-page").addEventListener("click", () => { rv.page--; renderReview(); });
    $("#next-page").addEventListener("click", () => { rv.page++; renderReview(); });
    $("#apply-btn").addEventListener("click", () => startRun(request({ lists: listValues(reviewLists()) })));

    runBtn.addEventListener("click", () => startRun(request()));
    async function startRun(q) {
      const r = await fetch("/api/runs", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(q) });
      if (!r.ok) {
        status.textContent = (await fail(r)).message;
        return;
      }
      const { id, name } = await r.json();
      running = id;
      runBtn.disabled = previewBtn.disabled = reviewBtn.disabled = true;
      cancelBtn.hidden = false;
      progress.hidden = false;
      progress.value = 0;
      status.textContent = "Starting…";
      delete status.dataset.state;
      downloads.replaceChildren();
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
        setReady();
        let s;
        try { s = JSON.parse(x.responseText); } catch (e) { status.textContent = x.responseText || "The run stopped."; return; }
        const secs = ((performance.now() - started) / 1000).toFixed(1);
        progress.value = 1;
        if (s.error) {
          status.textContent = "The run failed: " + s.error;
          return;
        }
        status.dataset.state = "done";
        document.body.dataset.state = "done";
        status.textContent = "Done in " + secs + " s: " + name + " is downloaded.";
        const files = Object.keys(q.lists || {}).filter((n) => n !== "against").map((n) => n + ".txt");
        // The accounts are named as the person's file.
        const args = s.args.map((a) => a === "--against=against.txt" && accounts ? "--against=" + accounts.name : a);
        const cli = "webaddress " + args.map((a) => /^[\w=.,\/:-]+$/.test(a) ? a : "'" + a.replace(/'/g, "'\\''") + "'").join(" ") + " < " + (file.name || "FILE");
        showSummary(s.result, [el("p", { class: "help", text: "The same output on the command line" + (files.length ? " (with " + files.join(" and ") + " saved from this page)" : "") + ":" }), el("code", { class: "cmd", text: cli }),
          s.messages ? el("p", { class: "help", text: s.messages }) : null]);
        const links = [];
        if (s.result.rejected > 0) {
          links.push(el("a", { id: "rejects-link", href: "/api/runs/" + id + "/rejects", download: "", text: "Download the " + s.result.rejected + " rejected records (JSON lines)" }));
          if (s.rejects_dropped) links.push(" (only the first 16 MiB of them are kept)");
        }
        downloads.replaceChildren(...links);
        if (q.command === "match" && q.flags.all !== "true") {
          // How the rows matched: the output read here, as JSON lines.
          runText(Object.assign({}, q, { format: "jsonl", fields: [] })).then(([text]) => {
            const rows = jsonLines(text);
            const head = rows.length ? Object.keys(rows[0]) : [];
            showMatch(head, rows.map((r) => head.map((h) => r[h] == null ? "" : String(r[h]))));
          }, (e) => { status.textContent += " Counting the matches failed: " + e.message; });
        }
      };
      x.send(file);
    }
    cancelBtn.addEventListener("click", () => {
      if (running) fetch("/api/runs/" + running + "/cancel", { method: "POST" });
    });
  }

  document.body.classList.add("js");
  if (document.body.dataset.page === "viewer") viewer();
  if (document.body.dataset.page === "list") list();
})();
