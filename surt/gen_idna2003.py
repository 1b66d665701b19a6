# Copyright 2026 The webaddress Authors. All rights reserved.
# Use of this source code is governed by a BSD-style
# license that can be found in the LICENSE file.

"""gen_idna2003.py writes idna2003_tables.go: the tables of IDNA2003 as
CPython 3.11's "idna" codec applies it (RFC 3490 ToASCII with RFC 3491
nameprep, AllowUnassigned, no STD3 rules), which is what surt 0.3.1 uses for
non-ASCII hosts.

The tables are facts read from CPython's standard library, not from the
Unicode data files, because the codec's behaviour is CPython's, not the RFCs'
alone:

  - nameprep's mapping step (RFC 3454 tables B.1 and B.2) is
    stringprep.in_table_b1 and stringprep.map_table_b2, whose case folding
    calls str.lower, that is the Unicode of the running Python (14.0.0 for
    3.11), not Unicode 3.2;
  - NFKC is unicodedata.ucd_3_2_0.normalize("NFKC", ...), which decomposes
    with the Unicode 3.2 data (and its normalization corrections) but orders
    and composes with the combining classes and composition pairs of the
    running Python's Unicode;
  - the prohibited tables (C.1.2, C.2.2, C.3 to C.9) and the bidi tables
    (D.1, D.2) are stringprep's, over Unicode 3.2.

So the generator must run under a Python whose unicodedata is 14.0.0
(CPython 3.11, the one surt 0.3.1's vectors were made with); it refuses
another. Run it with "go generate" in this directory (see idna2003.go); -o
names the output file, stdout without it.
"""

import argparse
import stringprep
import sys
import unicodedata

UCD32 = unicodedata.ucd_3_2_0
WANT_UNICODE = "14.0.0"

HANGUL_FIRST, HANGUL_LAST = 0xAC00, 0xD7A3


def code_points():
    """Every Unicode scalar value: the code points a UTF-8 decoder can give."""
    for c in range(0x110000):
        if 0xD800 <= c <= 0xDFFF:
            continue
        yield c


def spans(members):
    """Sorted inclusive (lo, hi) runs of the sorted code points members."""
    out = []
    for c in members:
        if out and out[-1][1] == c - 1:
            out[-1][1] = c
        else:
            out.append([c, c])
    return out


def shifts(single):
    """Groups the sorted one-to-one mappings single, (c, target) pairs, into
    runs [lo, hi, stride, delta]: every stride-th code point from lo to hi
    maps to itself plus delta."""
    out = []
    for c, t in single:
        d = t - c
        if out:
            lo, hi, stride, delta = out[-1]
            if delta == d:
                if lo == hi and c - hi in (1, 2):
                    out[-1] = [lo, c, c - hi, delta]
                    continue
                if lo != hi and c - hi == stride:
                    out[-1][1] = c
                    continue
        out.append([c, c, 1, d])
    return out


def go_string(s):
    """s as a Go interpreted string literal, non-ASCII as escapes."""
    out = ['"']
    for ch in s:
        c = ord(ch)
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif 0x20 <= c < 0x7F:
            out.append(ch)
        elif c <= 0xFFFF:
            out.append("\\u%04X" % c)
        else:
            out.append("\\U%08X" % c)
    out.append('"')
    return "".join(out)


def hexr(c):
    return "0x%04X" % c


class Writer:
    def __init__(self):
        self.parts = []

    def w(self, s=""):
        self.parts.append(s + "\n")

    def rows(self, items, per_line):
        """Writes the literal elements items, per_line to a line."""
        for i in range(0, len(items), per_line):
            self.w("\t" + " ".join(x + "," for x in items[i:i + per_line]))

    def text(self):
        return "".join(self.parts)


def nameprep_map():
    """The mapping step: code point -> replacement, where it is not the code
    point itself ("" for table B.1, map to nothing)."""
    m = {}
    for c in code_points():
        ch = chr(c)
        if stringprep.in_table_b1(ch):
            m[c] = ""
            continue
        r = stringprep.map_table_b2(ch)
        if r != ch:
            m[c] = r
    return m


def nfkd_map():
    """Full compatibility decomposition of each code point under
    ucd_3_2_0, already in canonical order, where it is not the code point
    itself. Hangul syllables are left out: the code decomposes them by
    arithmetic, as CPython does."""
    m = {}
    for c in code_points():
        if HANGUL_FIRST <= c <= HANGUL_LAST:
            continue
        ch = chr(c)
        d = UCD32.normalize("NFKD", ch)
        if d != ch:
            m[c] = d
    return m


def composition_pairs():
    """The primary composites of the running Python's Unicode, as CPython's
    composition tables hold them: a canonical decomposition into two code
    points whose first has combining class 0, and not a composition
    exclusion (a composite that NFC does not give back)."""
    pairs = []
    for c in code_points():
        ch = chr(c)
        d = unicodedata.decomposition(ch)
        if not d or d.startswith("<"):
            continue
        parts = [int(x, 16) for x in d.split()]
        if len(parts) != 2 or unicodedata.combining(chr(parts[0])) != 0:
            continue
        if unicodedata.normalize("NFC", ch) != ch:
            continue
        pairs.append((parts[0], parts[1], c))
    pairs.sort()
    return pairs


def prohibited(ch):
    return (stringprep.in_table_c12(ch) or stringprep.in_table_c22(ch) or
            stringprep.in_table_c3(ch) or stringprep.in_table_c4(ch) or
            stringprep.in_table_c5(ch) or stringprep.in_table_c6(ch) or
            stringprep.in_table_c7(ch) or stringprep.in_table_c8(ch) or
            stringprep.in_table_c9(ch))


def write_mapping(out, name, doc, m):
    """Writes m (code point -> string) as name+"Shifts" for the one-to-one
    entries and name+"Strings" for the others."""
    single = sorted((c, ord(s)) for c, s in m.items() if len(s) == 1)
    multi = sorted((c, s) for c, s in m.items() if len(s) != 1)
    runs = shifts(single)
    for lo, hi, stride, delta in runs:
        assert stride in (1, 2), (lo, hi, stride)
    out.w("// %sShifts holds the one-to-one entries of %s: every" % (name, doc))
    out.w("// stride-th code point from lo to hi maps to itself plus delta (%d entries in" % len(single))
    out.w("// %d runs)." % len(runs))
    out.w("var %sShifts = [...]shift{" % name)
    out.rows(["{%s, %s, %d, %d}" % (hexr(lo), hexr(hi), stride, delta) for lo, hi, stride, delta in runs], 3)
    out.w("}")
    out.w()
    out.w("// %sStrings holds the other entries of %s, sorted by" % (name, doc))
    out.w("// code point (%d entries)." % len(multi))
    out.w("var %sStrings = [...]expansion{" % name)
    out.rows(["{%s, %s}" % (hexr(c), go_string(s)) for c, s in multi], 3)
    out.w("}")
    out.w()


def write_spans(out, name, doc, members):
    sp = spans(members)
    out.w("// %s holds %s" % (name, doc))
    out.w("// (%d code points in %d runs)." % (len(members), len(sp)))
    out.w("var %s = [...]span{" % name)
    out.rows(["{%s, %s}" % (hexr(lo), hexr(hi)) for lo, hi in sp], 4)
    out.w("}")
    out.w()


def generate():
    if unicodedata.unidata_version != WANT_UNICODE or UCD32.unidata_version != "3.2.0":
        sys.exit("gen_idna2003.py: needs a Python whose unicodedata is %s (CPython 3.11), as "
                 "surt 0.3.1's vectors were made with; this one (%s) has %s" %
                 (WANT_UNICODE, sys.version.split()[0], unicodedata.unidata_version))
    out = Writer()
    out.w("// Code generated by gen_idna2003.py; DO NOT EDIT.")
    out.w()
    out.w("package surt")
    out.w()
    out.w("// idnaTablesSource names where the tables of this file come from.")
    out.w('const idnaTablesSource = "CPython %d.%d stringprep, unicodedata.ucd_3_2_0 %s and unicodedata %s"' %
          (sys.version_info[0], sys.version_info[1], UCD32.unidata_version, unicodedata.unidata_version))
    out.w()

    out.w("// nameprep's mapping step is RFC 3454's tables B.1 and B.2 as")
    out.w("// stringprep.in_table_b1 and stringprep.map_table_b2 give them.")
    out.w()
    write_mapping(out, "nameprep", "the mapping step", nameprep_map())

    dec = nfkd_map()
    out.w("// The decompositions are those of unicodedata.ucd_3_2_0.normalize(\"NFKD\", c)")
    out.w("// for each code point c: complete, in canonical order, Hangul syllables aside.")
    out.w()
    write_mapping(out, "decompose", "the decompositions", dec)

    ccc = []
    for c in code_points():
        k = unicodedata.combining(chr(c))
        if not k:
            continue
        if ccc and ccc[-1][1] == c - 1 and ccc[-1][2] == k:
            ccc[-1][1] = c
        else:
            ccc.append([c, c, k])
    out.w("// combiningClasses holds the nonzero canonical combining classes of")
    out.w("// Unicode %s, which CPython's normalization orders and composes by even" % unicodedata.unidata_version)
    out.w("// for ucd_3_2_0 (%d runs)." % len(ccc))
    out.w("var combiningClasses = [...]combiningRun{")
    out.rows(["{%s, %s, %d}" % (hexr(lo), hexr(hi), k) for lo, hi, k in ccc], 3)
    out.w("}")
    out.w()

    pairs = composition_pairs()
    out.w("// compositions holds the primary composites of Unicode %s, sorted by" % unicodedata.unidata_version)
    out.w("// their two code points (%d pairs)." % len(pairs))
    out.w("var compositions = [...]composition{")
    out.rows(["{%s, %s, %s}" % (hexr(a), hexr(b), hexr(c)) for a, b, c in pairs], 3)
    out.w("}")
    out.w()

    write_spans(out, "prohibited", "the code points nameprep prohibits: RFC 3454's tables\n"
                "// C.1.2, C.2.2 and C.3 to C.9 as stringprep gives them",
                [c for c in code_points() if prohibited(chr(c))])
    write_spans(out, "bidiRandAL", "the RandALCat code points (RFC 3454 table D.1)",
                [c for c in code_points() if stringprep.in_table_d1(chr(c))])
    write_spans(out, "bidiL", "the LCat code points (RFC 3454 table D.2)",
                [c for c in code_points() if stringprep.in_table_d2(chr(c))])
    text = out.text()
    return text[:-1] if text.endswith("\n\n") else text


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("-o", help="write to this file instead of stdout")
    args = p.parse_args()
    text = generate()
    if args.o:
        with open(args.o, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
