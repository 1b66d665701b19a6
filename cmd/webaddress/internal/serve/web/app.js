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


  // The viewer: each change of the form asks /api/view/parts (debounced,
  // the request before cancelled), the view rendered by the server's
  // templates, the one renderer of a view, and puts it in the page; the
  // page's address follows, for a link.
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
        const r = await fetch("/api/view/parts?" + query(), { signal: ctl.signal });
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

    // render puts the server's HTML of a view in the page (escaped by
    // its templates).
    function render(v) {
      marks.innerHTML = v.marks;
      sync();
      results.innerHTML = v.sections;
      results.dataset.address = v.address;
      results.dataset.renders = String((+results.dataset.renders || 0) + 1);
      const url = "/viewer?" + v.query;
      link.href = url;
      history.replaceState(null, "", url);
    }
  }

  // The words of the tool's options and commands come with them from the
  // server (/api/commands: label, help and valueWords of a flag, words of
  // a command), from the tool's command table: one source, which a test
  // of the tool checks has words for every option.
  let FLAG_WORDS = {};
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
      help: "Every row kept, with three columns added: its organisation, its website and its registered domain name." },
    { id: "problems", title: "Find the missing, personal and broken websites", command: "parse", flags: { by: "page" }, add: ["error_code", "error"],
      help: "Every row kept, with what is wrong with its website (empty, a placeholder, a personal e-mail, broken), counted in plain words." },
    { id: "clean", title: "Write each website cleanly, with its parts", command: "clean", flags: {}, add: null,
      help: "The cleaning of R's safe_parse_url, with its options (under More): the clean website and its parts beside your columns." },
    { id: "match", title: "Match this list against my accounts", command: "match", flags: {}, add: null, review: true,
      help: "Find which rows are organisations you have already: choose your accounts file, and each row gets the account it matches (at its website if an account is there, else at its organisation), how many accounts match it and how; the new rows are counted and shown." },
    { id: "custom", title: "Something else: choose the command and options yourself", command: "", flags: {}, add: null,
      help: "Opens More, below, with every command and option of the tool." },
  ];

  // PAGE is how many groups or matches a page of a review shows.
  const PAGE = 25;
  // matchTally counts rows, {count, key} (match_count, match_key): those
  // that match one account, several, none but have an organisation
  // (new), and those whose organisation the tool cannot tell (no key:
  // a free-mail address, a cell that failed). The four add up.
  function matchTally(rows) {
    const t = { one: 0, several: 0, fresh: 0, unknown: 0, rows: rows.length };
    for (const r of rows) {
      if (r.count === 1) t.one++;
      else if (r.count > 1) t.several++;
      else if (r.key) t.fresh++;
      else t.unknown++;
    }
    return t;
  }
  // matchWords says a tally in words.
  const matchWords = (t) => "Of " + rowsWord(t.rows) + ", " + t.one.toLocaleString() + " " + (t.one === 1 ? "matches" : "match") + " one account, " +
    t.several.toLocaleString() + " " + (t.several === 1 ? "matches" : "match") + " several accounts, " +
    t.fresh.toLocaleString() + " " + (t.fresh === 1 ? "is a new organisation" : "are new organisations") + " and " +
    t.unknown.toLocaleString() + " " + (t.unknown === 1 ? "has" : "have") + " no organisation the tool can tell.";
  // matchChart draws a tally.
  const matchChart = (t) => barChart("match", "How the " + rowsWord(t.rows) + " matched",
    [["one account", t.one], ["several accounts", t.several], ["new organisation", t.fresh], ["organisation unknown", t.unknown]]);
  // unknownWords lists why rows have no organisation: the result's
  // failures by code, in words.
  const unknownWords = (res) => Object.entries((res && res.failed_by_code) || {}).sort((a, b) => b[1] - a[1]).map(([c, n]) =>
    el("li", { "data-code": c }, rowsWord(n) + (n === 1 ? " has " : " have ") + codeWords(c)));
  // showMatch says how the rows matched, in words and a chart, and
  // shows the rows that match no account: the rows of the output, as
  // cells under head.
  function showMatch(head, rows) {
    const at = head.indexOf("match_count"), kat = head.indexOf("match_key");
    if (at < 0) return;
    const counts = rows.map((r) => +r[at]);
    const t = matchTally(rows.map((r, i) => ({ count: counts[i], key: r[kat] })));
    const lead = el("p", { class: "lead", id: "match-words" }, matchWords(t));
    const old = $("#words .lead");
    if (old) old.replaceWith(lead);
    else $("#words").prepend(lead);
    $("#chart").replaceChildren(matchChart(t));
    sizeBars();
    const news = rows.filter((r, i) => counts[i] === 0);
    const none = t.fresh + t.unknown;
    const box = el("div", { class: "scroll", tabindex: "0", role: "region", "aria-label": "The rows that match no account" }, el("table", { id: "new-rows" }));
    $("#words").append(el("h3", { text: none ? "The rows that match no account (" + none.toLocaleString() + (news.length > 500 ? ", the first 500 shown" : "") + ")" : "Every row matches an account." }), none ? box : null);
    if (none) table($("#new-rows"), head, news.slice(0, 500));
    $("#words").dataset.match = String(counts.length);
  }

  // sift returns the items of list that the search of the field search
  // finds (in any of cells(item), ignoring case) and whose state(item)
  // the select show picks ("" for all).
  function sift(list, search, show, cells, state) {
    const words = $(search).value.trim().toLowerCase();
    const want = $(show).value;
    return list.filter((x) => (!want || state(x) === want) &&
      (!words || cells(x).some((c) => c != null && String(c).toLowerCase().includes(words))));
  }
  // toolbar makes buttons one toolbar, labelled label: one Tab stop (the
  // button last used), the arrow keys, Home and End move between them.
  function toolbar(label, buttons) {
    const bar = el("div", { role: "toolbar", "aria-label": label, class: "toolbar" }, ...buttons.flatMap((b, i) => i ? [" ", b] : [b]));
    buttons.forEach((b, i) => b.setAttribute("tabindex", i === 0 ? "0" : "-1"));
    bar.addEventListener("keydown", (e) => {
      const at = buttons.indexOf(document.activeElement);
      if (at < 0) return;
      const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      rove(buttons, (to + buttons.length) % buttons.length);
    });
    return bar;
  }
  // rove gives the Tab stop of a toolbar's buttons to the one at i, and
  // the focus.
  function rove(buttons, i) {
    buttons.forEach((b, j) => b.setAttribute("tabindex", j === i ? "0" : "-1"));
    buttons[i].focus();
  }
  // focusItem puts the focus back after an action on the group or match
  // (of sel) of key: on the same button of it, or of the next one with
  // next; on the first one shown when it is gone (merged, or on another
  // page).
  function focusItem(sel, f, home) {
    const all = [...document.querySelectorAll(sel)];
    let at = all.findIndex((g) => g.dataset.key === f.key), act = f.act;
    if (at >= 0 && f.next && at + 1 < all.length) {
      at++;
      act = "accept";
    }
    const g = all[Math.max(at, 0)];
    if (!g) {
      $(home).focus();
      return;
    }
    const buttons = [...g.querySelectorAll(".toolbar button")];
    rove(buttons, Math.max(0, buttons.findIndex((b) => b.dataset.act === act)));
  }
  // scrollStops lets a table of rows take the focus (to scroll it by
  // keyboard) only when it is wider or taller than its box.
  function scrollStops() {
    for (const b of document.querySelectorAll("#groups .rows-box")) {
      if (b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight) b.setAttribute("tabindex", "0");
      else b.removeAttribute("tabindex");
    }
  }
  const rowsWord = (n) => n.toLocaleString() + (n === 1 ? " row" : " rows");
  const COLOURS = ["#1f5f8b", "#6aa8d8", "#8a5a00", "#b0306b", "#5b4b8a", "#c8102e", "#3d6b2f", "#555"];
  const jsonLines = (text) => text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
  function size(n) {
    if (n >= 1 << 20) return (n / (1 << 20)).toFixed(1) + " MiB";
    if (n >= 1 << 10) return (n / (1 << 10)).toFixed(1) + " KiB";
    return n + " bytes";
  }
  function table(t, head, rows) {
    t.replaceChildren(el("thead", {}, el("tr", {}, ...(head || []).map((h) => el("th", { text: h })))),
      el("tbody", {}, ...(rows || []).map((r) => el("tr", {}, ...r.map((c) => el("td", { text: c, title: c }))))));
  }
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
  // sizeBars sets the bars' widths (a style the page's CSP allows: set
  // by script, not written in the markup).
  function sizeBars() {
    for (const s of document.querySelectorAll(".fill[data-pct]")) s.style.width = s.dataset.pct + "%";
    for (const s of document.querySelectorAll(".swatch[data-colour]")) s.style.background = COLOURS[+s.dataset.colour];
  }

  // The result of a preview or a run, in words and a chart.

  // noteWords says a note of the reader in plain words: "record.bare-quote:
  // line 8: ..." is "Row 8 has a quote inside a cell ...".
  function noteWords(note) {
    const m = /^(record\.[a-z-]+): line (\d+)/.exec(note);
    if (!m || !CODE_WORDS[m[1]]) return note;
    return "Row " + m[2] + " has " + CODE_WORDS[m[1]] + ": it is left out of the run";
  }
  // words says what happened to the rows, in plain words, with the
  // failures' codes in a details view.
  function words(res) {
    const out = [];
    const dedupe = $("#command").value === "dedupe";
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
        rowsWord(n) + (n === 1 ? " has " : " have ") + codeWords(c)))));
      out.push(el("details", { class: "codes" }, el("summary", { text: "Their codes, as the command line names them" }),
        el("ul", {}, ...codes.map(([c, n]) => el("li", {}, el("code", { text: c }), ": " + rowsWord(n))))));
    }
    if (res.rejected) out.push(el("p", {}, rowsWord(res.rejected) + " could not be read as a table row (such as a quote never closed): they are left out, and can be downloaded after a run."));
    return out;
  }
  // levelWord says the level of the options' --by: what a key stands for.
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
  // showSummary shows a result's counts in words, its chart, and in a
  // details view what the command line says of it (its summary, and
  // extra: the command line of the same output).
  function showSummary(res, extra) {
    // [the tool's name of the count, its words, the count]
    const rows = [["rows read", "rows read", res.read], ["rows written", "rows in the download", res.written], ["rows rejected", "rows left out: not read as a table row", res.rejected]];
    if (res.groups) rows.push(["groups", "groups", res.groups]);
    if (res.duplicates) rows.push(["duplicates", "rows left out as the same " + levelWord(), res.duplicates]);
    // As the tool's summary counts them: the empty cells apart.
    const empty = (res.failed_by_code || {})["web.empty"] || 0;
    rows.push(["values failed", "rows whose website could not be used", res.failed - empty]);
    if (empty) rows.push(["empty values", "rows with no website", empty]);
    if (res.blank) rows.push(["blank lines skipped", "blank lines skipped", res.blank]);
    const dl = el("dl", { id: "summary-list" }, ...rows.flatMap(([k, words, v]) => [el("dt", { text: words }), el("dd", { "data-name": k, text: String(v) })]));
    $("#words").replaceChildren(...words(res));
    $("#chart").replaceChildren(outcome(res));
    sizeBars();
    $("#summary").replaceChildren(dl, el("details", { class: "cli" }, el("summary", { text: "For the command line" }),
      el("p", { class: "help tool-summary", text: "The tool's summary: " + res.summary }), ...(extra || []).filter((e) => e)));
  }

  // groupReview is the review of the groups, a part of the list cleaner
  // with its own state (rv), reading the list's through ctx (made by
  // list): the groups of the whole file, and its rows with their own
  // columns, read here; the person's choices become the lists of
  // --aliases and --keep-apart.
  function groupReview(ctx) {
    const status = $("#status");
    const rv = { groups: [], rows: [], page: 0, merges: [], apart: [], accepted: new Set() };
    async function open(focus) {
      const sec = $("#review");
      const flags = ctx.flagValues();
      if (flags.split === "true") {
        status.textContent = "The review reads a row per cell: untick \"" + FLAG_WORDS.split[0] + "\" (--split) first.";
        return;
      }
      status.textContent = "Reading the whole file for its groups…";
      const started = performance.now();
      const reading = Object.assign({}, flags);
      delete reading.first;
      delete reading["merge-invalid"];
      const parseFlags = {};
      const parseInfo = ctx.commands.find((c) => c.name === "parse");
      for (const [n, v] of Object.entries(reading)) if (parseInfo.flags.some((f) => f.name === n)) parseFlags[n] = v;
      const lists = ctx.listValues(reviewLists(false));
      const parseLists = {};
      for (const n of ["aliases", "platforms"]) if (lists[n]) parseLists[n] = lists[n];
      try {
        const [groupsText] = await ctx.runText(ctx.request({ command: "dedupe", format: "jsonl", fields: ["key", "count", "rows", "first"], flags: Object.assign(reading, { first: "false" }), lists }));
        const several = ctx.columns().length > 1;
        // Each row's line in the file, as the tool says it (its line
        // column): a spreadsheet's row number, the header row 1.
        const wanted = [...ctx.header(), ...["line", "key", "owner", "owner_rule", "facts", "removed_params", "error_code", ...(several ? ["via"] : [])].map(ctx.outName)];
        const [rowsText] = await ctx.runText(ctx.request({ command: "parse", format: "jsonl", fields: wanted, flags: parseFlags, lists: parseLists }));
        rv.groups = jsonLines(groupsText);
        rv.rows = jsonLines(rowsText);
      } catch (e) {
        status.textContent = "The review failed: " + e.message;
        return;
      }
      // After a merge, the page of the group merged into.
      const at = focus ? multiGroups().findIndex((g) => g.key === focus.key) : -1;
      rv.page = at >= 0 ? Math.floor(at / PAGE) : 0;
      sec.hidden = false;
      renderReview(focus);
      const secs = ((performance.now() - started) / 1000).toFixed(1);
      status.textContent = "The review of the whole file is below (read in " + secs + " s).";
      status.dataset.state = "review";
      document.body.dataset.state = "review";
      sec.dataset.ms = String(Math.round(performance.now() - started));
      if (!focus) sec.focus();
    }
    // reviewLists returns the lists of the choices, to add to the typed
    // ones.
    function reviewLists(withApart = true) {
      const out = {};
      const typed = ctx.listValues();
      const aliases = [typed.aliases || "", ...rv.merges.map(([a, b]) => a + " " + b)].filter((s) => s.trim() !== "").join("\n");
      const apart = [typed["keep-apart"] || "", ...(withApart ? rv.apart : [])].filter((s) => s.trim() !== "").join("\n");
      if (aliases) out.aliases = aliases.endsWith("\n") ? aliases : aliases + "\n";
      if (apart) out["keep-apart"] = apart.endsWith("\n") ? apart : apart + "\n";
      return out;
    }
    function why(g, rows) {
      const r = [];
      const rule = (n) => rows.some((x) => x[ctx.outName("owner_rule")] === n);
      if (rule("domain")) r.push("the same domain, " + g.key);
      if (rule("platform")) r.push("one customer of a platform, " + g.key);
      if (rule("profile")) r.push("one profile on a social network, " + g.key);
      if (rule("alias")) r.push("domains you said are one organisation");
      const fact = (n) => rows.filter((x) => (x[ctx.outName("facts")] || []).includes(n)).length;
      if (fact("email-domain")) r.push("an e-mail address read as its domain's website (" + rowsWord(fact("email-domain")) + ")");
      if (fact("tracking-parameters-removed")) r.push("tracking parameters removed (" + rowsWord(fact("tracking-parameters-removed")) + ")");
      if (fact("link-unwrapped")) r.push("a wrapped link read as its target");
      if (fact("typo-repaired")) r.push("a typo repaired");
      const inputs = new Set(rows.map(cellOf));
      if (inputs.size > 1 && r.length === 0) r.push("written differently (www, capitals, a page of the site)");
      if (r.length === 0) r.push("the same website, written the same way");
      return r;
    }
    // multiGroups returns the groups of more than one row: the ones to
    // review.
    const multiGroups = () => rv.groups.filter((g) => g.count > 1 && g.key);
    function renderReview(focus) {
      const multi = multiGroups();
      const inMulti = multi.reduce((a, g) => a + g.count, 0);
      // The groups shown: those of the search and the choice of which.
      const shown = sift(multi, "#group-filter", "#group-show", (g) => [g.key, ...g.rows.flatMap((i) => ctx.header().map((h) => (rv.rows[i - 1] || {})[h]))],
        (g) => rv.apart.includes(g.key) ? "apart" : rv.accepted.has(g.key) ? "accepted" : "todo");
      const pages = Math.max(1, Math.ceil(shown.length / PAGE));
      rv.page = Math.min(rv.page, pages - 1);
      // The download's rows, with the choices: one of each group, and
      // every row of a group kept apart.
      const apartGroups = multi.filter((g) => rv.apart.includes(g.key));
      const downloadRows = rv.groups.length + apartGroups.reduce((a, g) => a + g.count - 1, 0);
      const rs = $("#review-status");
      rs.textContent = rowsWord(rv.rows.length) + " in " + rv.groups.length.toLocaleString() + " groups; " +
        multi.length.toLocaleString() + " groups have more than one row (" + rowsWord(inMulti) + "). With your choices the download has " + rowsWord(downloadRows) + ": one of each group" +
        (apartGroups.length ? ", and every row of the " + (apartGroups.length === 1 ? "group" : apartGroups.length.toLocaleString() + " groups") + " kept apart." : ".");
      rs.dataset.rows = String(downloadRows);
      $("#sizes").replaceChildren(sizesChart(rv.groups));
      sizeBars();
      $("#page-info").textContent = !multi.length ? "No group has more than one row." : !shown.length ? "No group is found." :
        "Groups " + (rv.page * PAGE + 1) + " to " + Math.min(shown.length, (rv.page + 1) * PAGE) + " of " + shown.length + (shown.length < multi.length ? " found (of " + multi.length + ")" : "");
      $("#prev-page").disabled = rv.page === 0;
      $("#next-page").disabled = rv.page >= pages - 1;
      $("#keys").replaceChildren(...rv.groups.filter((g) => g.key && !g.key.includes("/")).slice(0, 5000).map((g) => el("option", { value: g.key })));
      rv.shown = shown.slice(rv.page * PAGE, (rv.page + 1) * PAGE);
      $("#groups").replaceChildren(...rv.shown.map((g, i) => groupView(g, rv.page * PAGE + i)));
      const keep = $("#flag-keep");
      $("#keep-row").value = keep ? keep.value : "first";
      const choices = [...(keep && keep.value === "most-complete" ? ["Kept the most complete row of each group"] : []), ...rv.merges.map(([a, b]) => "Merged " + a + " into " + b), ...rv.apart.map((k) => "Kept the rows of " + k + " apart")];
      const reviewed = multi.filter((g) => rv.accepted.has(g.key) || rv.apart.includes(g.key)).length;
      $("#choices").textContent = (choices.length ? choices.join("; ") + ". " : "None yet: the groups are as the tool made them. ") +
        reviewed + " of " + multi.length + " groups reviewed (accepted or kept apart); the others are downloaded as the tool made them.";
      const lists = reviewLists();
      setSave($("#save-aliases"), lists.aliases || "");
      setSave($("#save-apart"), lists["keep-apart"] || "");
      scrollStops();
      if (focus) focusItem("#groups .group", focus, "#review-actions");
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
      const filled = (x) => ctx.header().filter((h) => x[h] != null && String(x[h]).trim() !== "").length;
      let best = 0;
      rows.forEach((x, j) => { if (filled(x) > filled(rows[best])) best = j; });
      return best;
    }
    // viaOf returns the column a row's address was read from.
    const viaOf = (x) => x[ctx.outName("via")] || ctx.column();
    // cellOf returns the cell a row's address was read from.
    const cellOf = (x) => x[viaOf(x)];
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
        const c = cellOf(x);
        try { u = new URL(/^[a-z][a-z0-9+.-]*:/i.test(c) ? c : "https://" + c); } catch (e) { return ""; }
        const first = u.pathname.split("/")[1] || "";
        if (first.length <= 3 || seen.has(first.toLowerCase()) || (host && u.hostname !== host)) return "";
        seen.add(first.toLowerCase());
        host = u.hostname;
      }
      return rows.length > 1 ? host : "";
    }
    // groupView is a group: its rows, why they are one, and one toolbar
    // of what to do with it (a Tab stop; the arrow keys move in it).
    function groupView(g, n) {
      const rows = g.rows.map((i) => rv.rows[i - 1]).filter((x) => x);
      const keptAt = keptRow(rows);
      const id = "group-" + n;
      const apart = rv.apart.includes(g.key);
      const accepted = rv.accepted.has(g.key);
      const several = ctx.columns().length > 1;
      const acceptBtn = el("button", { type: "button", class: "small", "data-act": "accept", "aria-pressed": String(accepted) }, accepted ? "Accepted: one organisation" : "Accept: one organisation");
      acceptBtn.addEventListener("click", () => {
        if (accepted) rv.accepted.delete(g.key);
        else rv.accepted.add(g.key);
        // Accepted, the next group is the one to look at.
        renderReview({ key: g.key, act: "accept", next: !accepted });
      });
      const apartBtn = el("button", { type: "button", class: "small", "data-act": "apart", "aria-pressed": String(apart) }, apart ? "Merge its rows again" : "Keep its rows apart");
      apartBtn.addEventListener("click", () => {
        rv.apart = apart ? rv.apart.filter((k) => k !== g.key) : [...rv.apart, g.key];
        rv.accepted.delete(g.key);
        renderReview({ key: g.key, act: "apart" });
      });
      const mergeIn = el("input", { id: id + "-merge", list: "keys", size: 24, spellcheck: "false", "aria-describedby": id + "-merge-help" });
      const addBtn = el("button", { type: "button", class: "small", "data-act": "add", "aria-expanded": "false", "aria-controls": id + "-add" }, "Add another organisation's website…");
      const addBox = el("div", { class: "add", id: id + "-add", hidden: true },
        el("label", { for: id + "-merge" }, "Its website, as the key of its group: "), mergeIn, " ",
        el("p", { class: "help", id: id + "-merge-help", text: "Enter adds its rows to this group (saved as a line of the aliases file: \"other " + g.key + "\"); Escape closes." }));
      addBtn.addEventListener("click", () => {
        const open = addBox.hidden;
        addBox.hidden = !open;
        addBtn.setAttribute("aria-expanded", String(open));
        if (open) mergeIn.focus();
      });
      mergeIn.addEventListener("keydown", (e) => {
        if (e.key === "Escape") {
          addBox.hidden = true;
          addBtn.setAttribute("aria-expanded", "false");
          addBtn.focus();
        }
        if (e.key !== "Enter") return;
        e.preventDefault();
        const other = mergeIn.value.trim();
        if (!other || other === g.key) return;
        rv.merges.push([other, g.key]);
        open({ key: g.key, act: "add" });
      });
      const bar = toolbar("What to do with " + g.key, [acceptBtn, apartBtn, addBtn]);
      return el("section", { class: "group" + (apart ? " apart" : ""), id, "data-key": g.key, "aria-labelledby": id + "-h" },
        el("h3", { id: id + "-h", tabindex: "-1" }, g.key + ": " + rowsWord(g.count) + (apart ? ", kept apart" : accepted ? ", accepted" : "")),
        el("p", { class: "why" }, "One group because: " + why(g, rows).join("; ") + "."),
        hostedPages(rows) && el("p", { class: "help hosted" }, "Each row is another page under " + hostedPages(rows) + ": if they are the sites of different people or organisations that it hosts, keep the rows apart."),
        el("div", { class: "scroll rows-box", role: "region", "aria-label": "The rows of " + g.key },
          el("table", { class: "rows" }, el("thead", {}, el("tr", {}, el("th", { text: "row" }), several && el("th", { text: "read from" }), ...ctx.header().map((h) => el("th", { text: h })))),
            el("tbody", {}, ...rows.map((x, j) => el("tr", { class: j === keptAt && !apart ? "kept" : null },
              el("td", { text: String(x[ctx.outName("line")]) + (j === keptAt && !apart ? " (kept)" : "") }), several && el("td", { text: viaOf(x) }), ...ctx.header().map((h) => el("td", { text: x[h] == null ? "" : String(x[h]) }))))))),
        el("div", { class: "group-actions" }, bar, addBox));
    }
    $("#keep-row").addEventListener("change", (e) => {
      const keep = $("#flag-keep");
      if (keep) keep.value = e.target.value;
      renderReview();
    });
    $("#prev-page").addEventListener("click", () => { rv.page--; renderReview(); });
    // Accept every group shown on the page but those kept apart.
    $("#accept-page").addEventListener("click", () => {
      for (const g of rv.shown || []) if (!rv.apart.includes(g.key)) rv.accepted.add(g.key);
      renderReview();
    });
    for (const sel of ["#group-filter", "#group-show"]) $(sel).addEventListener("input", () => { rv.page = 0; renderReview(); });
    $("#next-page").addEventListener("click", () => { rv.page++; renderReview(); });
    $("#apply-btn").addEventListener("click", () => ctx.startRun(ctx.request({ lists: ctx.listValues(reviewLists()) })));

    return { open };
  }

  // matchReview is the review of the matches, a part of the list
  // cleaner with its own state (mv), reading the list's through ctx: the
  // list run through match twice (a row per row, and a row per account
  // matched), read here; a match rejected is downloaded as matching no
  // account. A row matched at its website shows the organisation's other
  // accounts too (mv.others), after those it matched.
  function matchReview(ctx) {
    const status = $("#status");
    const mv = { rows: [], accounts: [], others: [], lines: [], head: [], result: null, page: 0, accepted: new Set(), rejected: new Set() };
    async function open() {
      status.textContent = "Reading the whole list for its matches…";
      const started = performance.now();
      const q = ctx.request({ format: "jsonl", fields: [] });
      try {
        const [text, st, id] = await ctx.runText(q);
        const [allText] = await ctx.runText(Object.assign({}, q, { flags: Object.assign({}, q.flags, { all: "true" }) }));
        mv.rows = jsonLines(text);
        mv.result = st.result;
        const all = jsonLines(allText);
        // --all writes a row per account matched, the others once, in
        // the list's order; after a match at a website come the
        // organisation's other accounts, at its level (owner), with the
        // row's columns (the next row's differ, or it matched at its
        // website too).
        const same = (a, r) => ctx.header().every((h) => a[h] === r[h]);
        let k = 0;
        mv.others = [];
        mv.accounts = mv.rows.map((r, i) => {
          const n = Math.max(1, r.match_count);
          const a = all.slice(k, k + n);
          k += n;
          const others = [];
          if (r.match_count && r.match_level === "site") {
            while (k < all.length && all[k].match_level === "owner" && same(all[k], r)) others.push(all[k++]);
          }
          mv.others[i] = others;
          return r.match_count ? a : [];
        });
        let rejected = [];
        if (st.result.rejected) rejected = jsonLines(await (await fetch("/api/runs/" + id + "/rejects?format=jsonl")).text()).map((x) => x.line);
        mv.lines = rowLines(mv.rows.length, rejected);
      } catch (e) {
        status.textContent = "The review failed: " + e.message;
        return;
      }
      mv.head = mv.rows.length ? Object.keys(mv.rows[0]) : [];
      mv.page = 0;
      mv.accepted.clear();
      mv.rejected.clear();
      const sec = $("#match-review");
      sec.hidden = false;
      renderMatches();
      status.textContent = "The review of the matches is below (read in " + ((performance.now() - started) / 1000).toFixed(1) + " s).";
      status.dataset.state = "match-review";
      document.body.dataset.state = "match-review";
      sec.focus();
    }
    // rowLines returns the line of each of count rows (from 1; the header
    // is line 1), the lines rejected skipped: match has no line column.
    function rowLines(count, rejected) {
      const skip = new Set(rejected), out = [];
      let line = 1;
      for (let n = 0; n < count; n++) {
        line++;
        while (skip.has(line)) line++;
        out.push(line);
      }
      return out;
    }
    // matchedRows returns the indexes of the rows that matched: the ones
    // to review.
    const matchedRows = () => mv.rows.map((r, i) => i).filter((i) => mv.rows[i].match_count > 0);
    // accountColumns are the accounts' columns of match's output: not the
    // list's, not match's own.
    const accountColumns = () => mv.head.filter((h) => !ctx.header().includes(h) && !/^match_/.test(h));
    function renderMatches(focus) {
      const t = matchTally(mv.rows.map((r, i) => ({ count: mv.rejected.has(i) ? 0 : r.match_count, key: r.match_key })));
      const rs = $("#match-review-status");
      rs.textContent = matchWords(t) + (mv.rejected.size ? " (with your choices: " + mv.rejected.size.toLocaleString() + " rejected)" : "");
      rs.dataset.fresh = String(t.fresh);
      $("#match-unknown").replaceChildren(...unknownWords(mv.result));
      const all = matchedRows();
      const todo = sift(all, "#match-filter", "#match-show", (i) => [mv.rows[i].match_key, ...Object.values(mv.rows[i]), ...[...mv.accounts[i], ...mv.others[i]].flatMap((a) => Object.values(a))],
        (i) => mv.rejected.has(i) ? "rejected" : mv.accepted.has(i) ? "accepted" : "todo");
      const pages = Math.max(1, Math.ceil(todo.length / PAGE));
      mv.page = Math.min(mv.page, pages - 1);
      $("#match-page-info").textContent = !all.length ? "No row matches an account." : !todo.length ? "No match is found." :
        "Matches " + (mv.page * PAGE + 1) + " to " + Math.min(todo.length, (mv.page + 1) * PAGE) + " of " + todo.length + (todo.length < all.length ? " found (of " + all.length + ")" : "");
      $("#match-prev").disabled = mv.page === 0;
      $("#match-next").disabled = mv.page >= pages - 1;
      mv.shown = todo.slice(mv.page * PAGE, (mv.page + 1) * PAGE);
      $("#matches").replaceChildren(...mv.shown.map(matchView));
      const reviewed = all.filter((i) => mv.accepted.has(i) || mv.rejected.has(i)).length;
      $("#match-choices").textContent = reviewed + " of " + all.length + " matches reviewed (" + mv.accepted.size + " accepted, " + mv.rejected.size + " rejected); the others are downloaded as the tool matched them.";
      if (focus) focusItem("#matches .match", focus, "#match-actions");
    }
    // levelWords says a level of match_level.
    const levelWords = (l) => ({ page: "the same page", site: "the same website", owner: "the same organisation" })[l] || l;
    function matchView(i) {
      const r = mv.rows[i], accts = mv.accounts[i], others = mv.others[i], line = mv.lines[i];
      const id = "match-" + i;
      const accepted = mv.accepted.has(i), rejected = mv.rejected.has(i);
      const name = accts.length ? String(accts[0][accountColumns()[0]] ?? "") : "";
      const acceptBtn = el("button", { type: "button", class: "small", "data-act": "accept", "aria-pressed": String(accepted) }, accepted ? "Accepted: the same organisation" : "Accept: the same organisation");
      acceptBtn.addEventListener("click", () => {
        if (accepted) mv.accepted.delete(i);
        else mv.accepted.add(i);
        mv.rejected.delete(i);
        renderMatches({ key: String(i), act: "accept", next: !accepted });
      });
      const rejectBtn = el("button", { type: "button", class: "small", "data-act": "reject", "aria-pressed": String(rejected) }, rejected ? "Rejected: match it again" : "Reject: not this organisation");
      rejectBtn.addEventListener("click", () => {
        if (rejected) mv.rejected.delete(i);
        else mv.rejected.add(i);
        mv.accepted.delete(i);
        renderMatches({ key: String(i), act: "reject" });
      });
      const via = r.match_via || "";
      const why = "They match because " + (via ? "the row's " + via + " (" + String(r[via] ?? "") + ")" : "the row") + " and the account" + (accts.length > 1 ? "s are" : " is") + " of " + r.match_key +
        (r.match_level ? ", at the level of " + levelWords(r.match_level) : "") + (r.match_ambiguous ? "; the match is ambiguous: check it" : "") + "." +
        (others.length ? " The organisation (" + others[0].match_key + ") has " + (others.length === 1 ? "1 other account, at another website" : others.length + " other accounts, at other websites") + ", listed after." : "");
      const cols = accountColumns();
      return el("section", { class: "match group" + (rejected ? " apart" : ""), id, "data-key": String(i), "aria-labelledby": id + "-h" },
        el("h3", { id: id + "-h", tabindex: "-1" }, "Row " + line + ": " + (String(r[via] ?? "") || r.match_key) + " with " + (name || "an account") + (accts.length > 1 ? " and " + (accts.length - 1) + " more" : "") +
          (rejected ? ", rejected" : accepted ? ", accepted" : "")),
        el("p", { class: "why" }, why),
        el("div", { class: "scroll rows-box", role: "region", "aria-label": "Row " + line + " and its accounts" },
          el("table", { class: "rows" }, el("thead", {}, el("tr", {}, el("th", { text: "" }), ...ctx.header().map((h) => el("th", { text: h })))),
            el("tbody", {}, el("tr", {}, el("td", { text: "row " + line }), ...ctx.header().map((h) => el("td", { text: r[h] == null ? "" : String(r[h]) }))))),
          el("table", { class: "rows" }, el("thead", {}, el("tr", {}, el("th", { text: "" }), ...cols.map((h) => el("th", { text: h })))),
            el("tbody", {}, ...accts.map((a, j) => el("tr", {}, el("td", { text: "account " + (j + 1) }), ...cols.map((h) => el("td", { text: a[h] == null ? "" : String(a[h]) })))),
              ...others.map((a, j) => el("tr", { class: "other" }, el("td", { text: "other account " + (j + 1) }), ...cols.map((h) => el("td", { text: a[h] == null ? "" : String(a[h]) }))))))),
        el("div", { class: "group-actions" }, toolbar("What to do with row " + line, [acceptBtn, rejectBtn])));
    }
    $("#match-prev").addEventListener("click", () => { mv.page--; renderMatches(); });
    // Accept every match shown on the page but those rejected.
    $("#match-accept-page").addEventListener("click", () => {
      for (const i of mv.shown || []) if (!mv.rejected.has(i)) mv.accepted.add(i);
      renderMatches();
    });
    for (const sel of ["#match-filter", "#match-show"]) $(sel).addEventListener("input", () => { mv.page = 0; renderMatches(); });
    $("#match-next").addEventListener("click", () => { mv.page++; renderMatches(); });
    // The download with the choices, made here from match's rows: the
    // tool's output, each rejected row as one that matches no account.
    $("#match-apply").addEventListener("click", () => {
      const fmt = $("#format").value || "csv";
      const d = fmt === "tsv" ? "\t" : ",";
      const eol = ctx.sampleBody() && /\r\n/.test(new TextDecoder().decode(ctx.sampleBody().subarray(0, ctx.sampleBody().indexOf(10) + 1))) ? "\r\n" : "\n";
      const cleared = new Set(["match_via", ...accountColumns(), ...mv.head.filter((h) => /^match_/.test(h) && !["match_count", "match_key"].includes(h))]);
      const rows = mv.rows.map((r, i) => {
        if (!mv.rejected.has(i)) return r;
        const x = Object.assign({}, r, { match_count: 0 });
        for (const h of cleared) x[h] = null;
        return x;
      });
      let text;
      if (fmt === "jsonl") text = rows.map((r) => JSON.stringify(r)).join("\n") + (rows.length ? "\n" : "");
      else text = [mv.head, ...rows.map((r) => mv.head.map((h) => r[h] == null ? "" : String(r[h])))].map((cells) => cells.map((c) => cell(c, d)).join(d) + eol).join("");
      const bom = $("#bom").checked || (ctx.sampleBody() && ctx.sampleBody()[0] === 0xef && ctx.sampleBody()[1] === 0xbb && ctx.sampleBody()[2] === 0xbf);
      const a = el("a", { href: URL.createObjectURL(new Blob([fmt !== "jsonl" && bom ? "\uFEFF" : "", text], { type: "text/plain" })), download: ctx.file().name.replace(/\.[^.]*$/, "") + "-match." + fmt, hidden: true });
      document.body.append(a);
      a.click();
      a.remove();
      status.textContent = "Downloaded with your choices: " + mv.rejected.size + " rejected " + (mv.rejected.size === 1 ? "match" : "matches") + " written as matching no account.";
      status.dataset.state = "match-done";
    });
    // cell writes c as a cell of text delimited by d, quoted as the tool
    // quotes one: when it holds d, a quote, CR or LF, or starts with a
    // space or a tab.
    function cell(c, d) {
      if (!(c.includes(d) || /["\r\n]/.test(c) || /^[ \t]/.test(c))) return c;
      return '"' + c.replace(/"/g, '""') + '"';
    }

    return { open };
  }

  // The list cleaner: a file's start is sent to /api/sample (header, rows,
  // the column guessed), /api/preview runs the command on it, and a run
  // streams the whole file to /api/runs/ID/input while the browser
  // downloads /api/runs/ID/output. The review runs the file twice (its
  // groups, its rows) and reads both outputs here.
  function list() {
    const commands = JSON.parse($("#commands-data").textContent) || [];
    for (const c of commands) for (const f of c.flags || []) FLAG_WORDS[f.name] = [f.label, f.help];
    CODE_WORDS = JSON.parse($("#words-data").textContent) || {};
    const formats = ["csv", "tsv", "jsonl"];
    const fileIn = $("#file"), drop = $("#drop"), info = $("#fileinfo");
    const delim = $("#delimiter"), enc = $("#encoding"), column = $("#column"), column2 = $("#column2");
    const command = $("#command"), format = $("#format"), flagsBox = $("#flags"), fieldList = $("#field-list"), inputList = $("#input-list");
    const previewBtn = $("#preview-btn"), runBtn = $("#run-btn"), cancelBtn = $("#cancel-btn"), reviewBtn = $("#review-btn");
    const progress = $("#progress"), status = $("#status"), preview = $("#preview"), summary = $("#summary"), downloads = $("#downloads");
    let file = null, sampleBody = null, guessed = ",", running = null, header = [], task = TASKS[0], accounts = null;

    for (const c of commands) command.append(el("option", { value: c.name, text: c.name + ": " + (c.words || c.short) }));
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
      reviewBtn.textContent = t.id === "match" ? "Review the matches" : "Review the groups";
      columnHelp();
      $("#match-box").hidden = t.id !== "match";
      matchState();
      clearResult();
    }

    function flagControl(f) {
      const id = "flag-" + f.name, hid = id + "-help";
      const words = f.label || f.name.replace(/-/g, " "), help = f.help || "";
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
          ...f.values.map((v) => el("option", { value: v, text: (f.valueWords && f.valueWords[v]) || v, selected: v === f.default })));
      } else {
        control = el("input", { id, "data-flag": f.name, value: f.default, size: 12, "aria-describedby": hid });
      }
      return el("div", { class: "flag" }, label, control, helpP);
    }
    function renderFlags() {
      const c = cmd();
      $("#command-help").textContent = (c.words || "") + " The tool's own words: " + c.short + ".";
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
      // With several columns, each row says which gave its address (the
      // tool's via), as the command line's defaults do.
      const via = columns().length > 1 && set.columns.includes("key") ? ["via"] : [];
      if (kept.length === inputs.length) {
        if (isDefault) return [];
        if (picked.length) return [...picked, ...via];
      }
      return [...kept, ...[...picked, ...via].map(outName)];
    }
    // columns returns the columns the command reads, tried in order: the
    // column of websites, then the other one when the command reads
    // several.
    function columns() {
      const c = cmd();
      if (c && c.several && column2.value && column2.value !== column.value) return [column.value, column2.value];
      return [column.value];
    }
    function request(extra) {
      const q = {
        command: command.value, column: columns().join(","), delimiter: delim.value || guessed,
        encoding: enc.value, format: format.value, fields: fields(), flags: flagValues(), lists: listValues(), name: file ? file.name : "",
        bom: $("#bom").checked ? "true" : "",
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
      reviewBtn.disabled = previewBtn.disabled;
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

    command.addEventListener("change", () => { renderFlags(); columnHelp(); markColumn(); clearResult(); });
    flagsBox.addEventListener("change", (e) => {
      enforce();
      if (e.target.type === "checkbox" && e.target.dataset.flag === "first") renderFields();
      clearResult();
    });
    flagsBox.addEventListener("input", (e) => { if (e.target.dataset.list) enforce(); });
    delim.addEventListener("change", () => file && loadSample());
    enc.addEventListener("change", () => file && loadSample());
    column.addEventListener("change", () => { markColumn(); clearResult(); });
    column2.addEventListener("change", () => { columnHelp(); markColumn(); clearResult(); });
    // columnHelp says whether the task reads the second column.
    function columnHelp() {
      const help = "An e-mail address at a company's domain stands for its website (sales@acme.com: acme.com). Each row says which column it was read from.";
      const c = cmd();
      $("#column2-help").textContent = c && !c.several && column2.value ? "This task reads one column, the column of websites: the other is not read." : help;
    }
    applyTask(TASKS[0]);

    fileIn.addEventListener("change", () => fileIn.files[0] && pick(fileIn.files[0]));
    drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    drop.addEventListener("drop", (e) => {
      e.preventDefault();
      drop.classList.remove("over");
      if (e.dataTransfer.files[0]) pick(e.dataTransfer.files[0]);
    });

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
      // A workbook's download is for Excel, as a rule.
      $("#bom").checked = workbook();
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
      // Then an e-mail column, where the website is missing.
      column2.replaceChildren(el("option", { value: "", text: "no other column" }), ...s.header.map((h) => el("option", { value: h, text: h })));
      column2.value = s.header.find((h) => isMail(h) && h !== column.value) || "";
      column2.disabled = false;
      markColumn();
      renderMatchColumns();
      const named = { ",": "comma", "\t": "tab", ";": "semicolon", "|": "bar" }[s.delimiter] || JSON.stringify(s.delimiter);
      $("#sample-notes").textContent = (workbook() ? "The first rows of the workbook's first sheet" : "The first rows, read with the delimiter " + named) +
        (s.column ? "; the column " + s.column + " looks like websites" : "; pick the column of websites") +
        (column2.value ? ", and where it has none the column " + column2.value + " is read." : ".") +
        (s.notes ? " " + s.notes.map(noteWords).join("; ") : "");
      setReady();
      clearResult();
      document.body.dataset.state = "loaded";
    }
    function markColumn() {
      const at = columns().map((c) => header.indexOf(c));
      for (const row of $("#sample").rows) {
        [...row.cells].forEach((c, j) => c.classList.toggle("picked", at.includes(j)));
      }
    }

    function clearResult() {
      preview.replaceChildren();
      summary.replaceChildren();
      $("#words").replaceChildren();
      $("#chart").replaceChildren();
      downloads.replaceChildren();
      $("#review").hidden = true;
      $("#match-review").hidden = true;
      if (!running) progress.hidden = true;
      delete status.dataset.state;
      status.textContent = "";
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

    // The parts' view of the list: its state, read when they need it.
    const ctx = { commands, header: () => header, file: () => file, sampleBody: () => sampleBody, column: () => column.value,
      columns, outName, request, runText, listValues, flagValues, startRun };
    const groups = groupReview(ctx), matches = matchReview(ctx);
    reviewBtn.addEventListener("click", () => task.id === "match" ? matches.open() : groups.open());

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
            s.failed.toLocaleString() + " without a website; " + size(s.bytes_in) + " of " + size(file.size) + " read, " + size(s.bytes_out) + " written";
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
          links.push(el("a", { id: "rejects-link", href: "/api/runs/" + id + "/rejects", download: "", text: "Download the " + rowsWord(s.result.rejected) + " left out (a table: each row's number and what is wrong with it)" }));
          if (s.rejects_dropped) links.push(" (only the first 16 MiB of them are kept)");
          links.push(el("details", { class: "cli" }, el("summary", { text: "The same, as the command line writes them" }),
            el("a", { id: "rejects-jsonl", href: "/api/runs/" + id + "/rejects?format=jsonl", download: "", text: "Download the tool's records of the rows left out" })));
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
