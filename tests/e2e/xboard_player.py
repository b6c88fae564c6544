#!/usr/bin/env python3
"""A player in front of XBoard: starts scripts/xboard for a game against
Fable inside a virtual display (run under xvfb-run by xboard_player.sh),
plays a few moves with the mouse, answers Fable's questions by typing, and
checks what the player sees after every move:

  * no error dialog, ever;
  * Fable moved when it was its turn;
  * the board on the screen is Fable's position: every square empty, a
    White piece, a Black piece or not a square, as in the last position
    Fable wrote to XBoard's debug file (`# position ...`);
  * at the end, the position XBoard saves (-savePositionFile) has Fable's
    pieces letter for letter.

Screenshots of every step are kept in the output folder. Needs python3,
libX11 and libXtst (XTest, for the mouse and keys), xwd and ImageMagick's
convert; the wrapper skips the test when one is missing.

  xboard_player.py --fable PATH --out DIR --variant NAME [--options LIST]
                   [--colour white|black] [--moves N] [--prefer MOVES]
                   [--cancel-question]
"""
import argparse
import ctypes
import os
import re
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Hang guards only: every wait returns as soon as what it waits for happens.
START_TIMEOUT = 60
REPLY_TIMEOUT = 90
SCREEN_TIMEOUT = 30
GAME_LIMIT = 200


class Failure(Exception):
    pass


# ---- the X server: windows, mouse and keys (Xlib and XTest through ctypes) --

class XWindowAttributes(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int),
                ("height", ctypes.c_int), ("border_width", ctypes.c_int), ("depth", ctypes.c_int),
                ("visual", ctypes.c_void_p), ("root", ctypes.c_ulong), ("c_class", ctypes.c_int),
                ("bit_gravity", ctypes.c_int), ("win_gravity", ctypes.c_int),
                ("backing_store", ctypes.c_int), ("backing_planes", ctypes.c_ulong),
                ("backing_pixel", ctypes.c_ulong), ("save_under", ctypes.c_int),
                ("colormap", ctypes.c_ulong), ("map_installed", ctypes.c_int),
                ("map_state", ctypes.c_int), ("all_event_masks", ctypes.c_long),
                ("your_event_mask", ctypes.c_long), ("do_not_propagate_mask", ctypes.c_long),
                ("override_redirect", ctypes.c_int), ("screen", ctypes.c_void_p)]


class X:
    KEYS = {"@": "at", " ": "space", "<": "less", ">": "greater", ":": "colon", "-": "minus",
            ",": "comma", "=": "equal", "\n": "Return", "*": "asterisk"}
    SHIFTED = set("@<>:*") | set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

    def __init__(self):
        self.x11 = ctypes.cdll.LoadLibrary("libX11.so.6")
        self.xt = ctypes.cdll.LoadLibrary("libXtst.so.6")
        x11, xt = self.x11, self.xt
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XDefaultRootWindow.restype = ctypes.c_ulong
        x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x11.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                                   ctypes.POINTER(ctypes.c_ulong),
                                   ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
                                   ctypes.POINTER(ctypes.c_uint)]
        x11.XFetchName.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_char_p)]
        x11.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong,
                                             ctypes.POINTER(XWindowAttributes)]
        x11.XFree.argtypes = [ctypes.c_void_p]
        x11.XStringToKeysym.argtypes = [ctypes.c_char_p]
        x11.XStringToKeysym.restype = ctypes.c_ulong
        x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        x11.XKeysymToKeycode.restype = ctypes.c_ubyte
        xt.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                            ctypes.c_int, ctypes.c_ulong]
        xt.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int,
                                            ctypes.c_ulong]
        xt.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int,
                                         ctypes.c_ulong]
        self.d = x11.XOpenDisplay(None)
        if not self.d:
            raise Failure("cannot open the display")
        self.root = x11.XDefaultRootWindow(self.d)

    def windows(self):
        """The mapped top-level windows: (name, x, y, width, height)."""
        root, parent = ctypes.c_ulong(), ctypes.c_ulong()
        children, n = ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
        self.x11.XSync(self.d, 0)
        if not self.x11.XQueryTree(self.d, self.root, ctypes.byref(root), ctypes.byref(parent),
                                   ctypes.byref(children), ctypes.byref(n)):
            return []
        out = []
        for i in range(n.value):
            w = children[i]
            attrs = XWindowAttributes()
            if not self.x11.XGetWindowAttributes(self.d, w, ctypes.byref(attrs)):
                continue
            if attrs.map_state != 2 or attrs.width <= 1 or attrs.height <= 1:
                continue
            name = ctypes.c_char_p()
            title = ""
            if self.x11.XFetchName(self.d, w, ctypes.byref(name)) and name.value is not None:
                title = name.value.decode("utf-8", "replace")
                self.x11.XFree(name)
            out.append((title, attrs.x, attrs.y, attrs.width, attrs.height))
        if n.value:
            self.x11.XFree(children)
        return out

    def _sync(self, pause):
        self.x11.XSync(self.d, 0)
        time.sleep(pause)

    def move(self, x, y):
        self.xt.XTestFakeMotionEvent(self.d, -1, int(x), int(y), 0)
        self._sync(0.05)

    def click(self, x, y):
        self.move(x, y)
        self.xt.XTestFakeButtonEvent(self.d, 1, 1, 0)
        self._sync(0.05)
        self.xt.XTestFakeButtonEvent(self.d, 1, 0, 0)
        self._sync(0.15)

    def key(self, name, shifted=False):
        code = self.x11.XKeysymToKeycode(self.d, self.x11.XStringToKeysym(name.encode()))
        shift = self.x11.XKeysymToKeycode(self.d, self.x11.XStringToKeysym(b"Shift_L"))
        if shifted:
            self.xt.XTestFakeKeyEvent(self.d, shift, 1, 0)
        self.xt.XTestFakeKeyEvent(self.d, code, 1, 0)
        self.xt.XTestFakeKeyEvent(self.d, code, 0, 0)
        if shifted:
            self.xt.XTestFakeKeyEvent(self.d, shift, 0, 0)
        self._sync(0.03)

    def type(self, text):
        for ch in text:
            self.key(self.KEYS.get(ch, ch), ch in self.SHIFTED)


# ---- screenshots ----------------------------------------------------------

class Shot:
    def __init__(self, path):
        size = subprocess.run(["identify", "-format", "%w %h", path], capture_output=True,
                              check=True, text=True).stdout.split()
        self.w, self.h = int(size[0]), int(size[1])
        self.px = subprocess.run(["convert", path, "-depth", "8", "rgb:-"], capture_output=True,
                                 check=True).stdout

    def at(self, x, y):
        i = 3 * (y * self.w + x)
        return self.px[i], self.px[i + 1], self.px[i + 2]


def screenshot(path):
    xwd = subprocess.run(["xwd", "-root", "-silent"], capture_output=True, check=True).stdout
    subprocess.run(["convert", "xwd:-", "png:" + path], input=xwd, check=True)
    return Shot(path)


class BoardGeometry:
    """Where XBoard draws the board: found from its frame of black grid
    lines (bottom edge, which no dialog covers), squares being square."""

    def __init__(self, shot, window, files, ranks, flipped):
        # XBoard turns the board for a player of Black (-autoFlipView).
        self.flipped = flipped
        _, wx, wy, ww, wh = window
        # The lowest row with a black line framed by the window's own
        # background on both sides (below the board the window may end in
        # black from edge to edge).
        best = None
        right_end = min(shot.w, wx + ww)
        for y in range(min(shot.h, wy + wh) - 1, wy - 1, -1):
            run, start = 0, 0
            for x in range(wx, right_end):
                if shot.at(x, y) == (0, 0, 0):
                    if run == 0:
                        start = x
                    run += 1
                    continue
                if run >= 20 * files and start > wx and (best is None or run > best[2]):
                    best = (y, start, run)
                run = 0
            if best:
                break
        if not best:
            raise Failure("no board found on the screen")
        # The bottom edge of the board: one line under all the files.
        self.bottom, self.left = best[0], best[1]
        self.right = best[1] + best[2] - 1
        self.pitch = (self.right - self.left) / files
        self.files, self.ranks = files, ranks
        self.top = self.bottom - self.pitch * ranks

    def centre(self, file, rank):
        if self.flipped:
            file, rank = self.files - 1 - file, self.ranks - 1 - rank
        return (int(self.left + (file + 0.5) * self.pitch),
                int(self.bottom - (rank + 0.5) * self.pitch))

    def square(self, name):
        m = re.fullmatch(r"([a-z])(\d+)", name)
        if not m:
            raise Failure("not a square: " + name)
        return self.centre(ord(m.group(1)) - ord("a"), int(m.group(2)) - 1)

    def looks(self, shot, file, rank):
        """What the square shows: '.' empty, 'W' a White piece, 'B' a
        Black piece, '*' not a square (drawn black), '?' hidden under
        XBoard's start-up tip (drawn on the board until the first click)."""
        cx, cy = self.centre(file, rank)
        half = int(self.pitch * 0.35)
        dark = light = tip = total = 0
        for y in range(cy - half, cy + half + 1):
            for x in range(cx - half, cx + half + 1):
                r, g, b = shot.at(x, y)
                total += 1
                if max(r, g, b) < 70:
                    dark += 1
                elif min(r, g) > 235 and b > 195:
                    light += 1
                elif (r, g, b) == (204, 204, 102):
                    tip += 1
        if tip > 0.3 * total:
            return "?"
        if dark > 0.9 * total:
            return "*"
        if light > 0.06 * total:
            return "W"
        if dark > 0.06 * total:
            return "B"
        return "."

    def covered(self, windows, main, file, rank):
        """Whether another window (a dialog, a tip) hides the square."""
        cx, cy = self.centre(file, rank)
        half = self.pitch / 2
        for w in windows:
            if w == main:
                continue
            _, x, y, width, height = w
            if x - half < cx < x + width + half and y - half < cy < y + height + half:
                return True
        return False


# ---- positions --------------------------------------------------------------

def board_cells(board_field):
    """A FEN-like board field as rows of cells, top rank first: piece
    letters, '.' empty, '*' not a square. Fable's markers after a letter
    (~ promoted, ^ on a quest) are not drawn."""
    rows = []
    for text in board_field.split("/"):
        row = []
        for m in re.finditer(r"\d+|[A-Za-z*]|[~^]", text):
            t = m.group(0)
            if t.isdigit():
                row += ["."] * int(t)
            elif t in "~^":
                continue
            else:
                row.append(t)
        rows.append(row)
    return rows


def colour_of(cell):
    if cell in ".*":
        return cell
    # The Old Queen (O), nobody's, is drawn White.
    return "W" if cell.isupper() or cell == "o" else "B"


def letters(cell):
    return "O" if cell == "o" else cell


# ---- the game ------------------------------------------------------------------

class Game:
    def __init__(self, args):
        self.args = args
        self.out = args.out
        self.debug = os.path.join(self.out, "xboard.debug")
        self.final_fen = os.path.join(self.out, "final.fen")
        self.pgn = os.path.join(self.out, "game.pgn")
        self.shots = 0
        self.x = X()
        self.geometry = None
        self.gui = None
        self.report = []

    def log(self, text):
        print(text, flush=True)
        self.report.append(text)

    # The debug log: every line between XBoard and Fable.
    def lines(self):
        try:
            with open(self.debug, encoding="utf-8", errors="replace") as f:
                return f.read().splitlines()
        except FileNotFoundError:
            return []

    def from_fable(self):
        out = []
        for line in self.lines():
            m = re.match(r"\d+ <first : (.*)$", line)
            if m:
                out.append(m.group(1))
        return out

    def to_fable(self):
        text = "\n".join(self.lines())
        return re.findall(r">first : (usermove) (?:\d+ >first : )?(\S+)", text)

    def wait(self, what, test, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.gui.poll() is not None:
                raise Failure("XBoard exited while waiting for " + what)
            found = test()
            if found:
                return found
            self.check_no_error()
            time.sleep(0.2)
        self.shoot("timeout")
        raise Failure("waited %d s for %s" % (timeout, what))

    def main_window(self):
        for w in self.x.windows():
            if w[0] not in ("Error", "Note", "") and not w[0].endswith(" query") and w[3] > 100 and w[4] > 100:
                return w
        return None

    def query_dialogs(self):
        """XBoard's question dialogs, titled after the engine ("Fable 0.1 query")."""
        return [w for w in self.x.windows() if w[0].endswith(" query")]

    def dialogs(self, title):
        return [w for w in self.x.windows() if w[0] == title]

    def check_no_error(self):
        # XBoard names a new note "Error" for a moment before "Note".
        if self.dialogs("Error"):
            time.sleep(1)
            if self.dialogs("Error"):
                self.shoot("error")
                raise Failure("an error dialog is open")
        refused = [l for l in self.from_fable() if l.startswith("tellusererror")]
        if refused:
            raise Failure("Fable refused what XBoard sent: " + refused[0])

    def shoot(self, label):
        self.shots += 1
        path = os.path.join(self.out, "%02d-%s.png" % (self.shots, label))
        return screenshot(path), path

    # Fable's position after its last burst, and whether a question waits.
    def fable_state(self):
        lines = self.from_fable()
        for i in range(len(lines) - 1, -1, -1):
            if lines[i].startswith("# position "):
                question = i > 0 and lines[i - 1].startswith("askuser ")
                return i, lines[i][len("# position "):], (lines[i - 1] if question else None)
        return None

    def wait_for_state(self, after_index, what):
        """Waits until Fable waits for the player: its last position has
        the player's side to move (or asks a question), or the game is
        over."""
        side = self.args.colour[0]

        def ready():
            st = self.fable_state()
            if not st or st[0] <= after_index:
                return None
            if st[2] or st[1].split()[1] == side or self.result():
                return st
            return None
        return self.wait(what, ready, REPLY_TIMEOUT)

    def result(self):
        for line in self.from_fable():
            if re.match(r"(1-0|0-1|1/2-1/2) \{", line):
                return line
        return None

    def board_matches(self, position, label):
        """Polls the screen until it shows `position` (XBoard redraws after
        an animation), then keeps that screenshot; fails with the
        differences when it never does."""
        expected = board_cells(position.split()[0])
        ranks, files = len(expected), max(len(r) for r in expected)
        deadline = time.time() + SCREEN_TIMEOUT
        while True:
            shot, path = self.shoot(label)
            windows = self.x.windows()
            main = self.main_window()
            if self.geometry is None:
                self.geometry = BoardGeometry(shot, main, files, ranks,
                                              self.args.colour == "black")
                self.log("  board: %d x %d squares of %.1f pixels, bottom left corner at (%d, %d)"
                         % (files, ranks, self.geometry.pitch, self.geometry.left,
                            self.geometry.bottom))
            wrong, hidden = [], 0
            for row, cells in enumerate(expected):
                rank = ranks - 1 - row
                for file, cell in enumerate(cells):
                    seen = self.geometry.looks(shot, file, rank)
                    if seen == "?" or self.geometry.covered(windows, main, file, rank):
                        hidden += 1
                        continue
                    if seen != colour_of(cell):
                        wrong.append("%s%d: expected %s, seen %s" %
                                     (chr(ord("a") + file), rank + 1, colour_of(cell), seen))
            if not wrong:
                self.log("  screen %s matches Fable's board (%d squares hidden by dialogs)" %
                         (os.path.basename(path), hidden))
                return
            if time.time() > deadline:
                raise Failure("the board on the screen (%s) is not Fable's %s: %s" %
                              (path, position, "; ".join(wrong)))
            os.remove(path)
            self.shots -= 1
            time.sleep(0.5)

    def dismiss_notes(self):
        for _ in range(5):
            notes = self.dialogs("Note")
            if not notes:
                return
            _, x, y, w, h = notes[0]
            self.x.move(x + w // 2, y + h // 2)
            self.x.key("Return")
            time.sleep(0.3)

    def legal_moves(self, position):
        cmd = [self.args.fable, "perft", "--variant", self.args.variant, "--fen", position,
               "--depth", "1", "--divide"]
        if self.args.options:
            cmd += ["--options", self.args.options]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        return [l.split(":")[0] for l in out.splitlines() if ": " in l and "searched" not in l]

    def hint(self, position):
        cmd = [self.args.fable, "--variant", self.args.variant]
        if self.args.options:
            cmd += ["--options", self.args.options]
        script = "xboard\nforce\nsetboard %s\nsd 2\nhint\nquit\n" % position
        out = subprocess.run(cmd, input=script, capture_output=True, text=True).stdout
        m = re.search(r"^Hint: (\S+)", out, re.M)
        return m.group(1) if m else None

    def choose_move(self, position):
        legal = self.legal_moves(position)
        plain = [m for m in legal if re.fullmatch(r"[a-z]\d+[a-z]\d+", m)]
        for m in self.prefer:
            if m in plain:
                self.prefer.remove(m)
                return m
        h = self.hint(position)
        if h in plain:
            return h
        if not plain:
            raise Failure("no move to play in " + position)
        return plain[0]

    def answer_question(self, question):
        options = question.split("; options:")[-1].split()
        dialogs = self.wait("the question's dialog", lambda: self.query_dialogs(),
                            SCREEN_TIMEOUT)
        self.shoot("question")
        _, x, y, w, h = dialogs[0]
        if self.args.cancel_question and not self.cancelled:
            # Cancel it, then pick up a piece: the question must come back.
            self.cancelled = True
            asked = len([l for l in self.from_fable() if l.startswith("askuser ")])
            self.x.move(x + w // 2, y + h // 2)
            self.x.key("Escape")
            self.wait("the dialog to close", lambda: not self.query_dialogs(), SCREEN_TIMEOUT)
            self.shoot("cancelled")
            fx, fy = self.own_piece_square()
            self.x.click(fx, fy)
            self.wait("the question asked again",
                      lambda: len([l for l in self.from_fable() if l.startswith("askuser ")]) > asked,
                      REPLY_TIMEOUT)
            dialogs = self.wait("the question's dialog again", lambda: self.query_dialogs(),
                                SCREEN_TIMEOUT)
            self.shoot("asked-again")
            self.log("  question cancelled, asked again after a piece was picked up")
            _, x, y, w, h = dialogs[0]
        self.x.move(x + w // 2, y + h // 3)
        self.x.type(options[0])
        self.x.key("Return")
        self.log("  answered '%s' to: %s" % (options[0], question[len("askuser answer "):]))

    def own_piece_square(self):
        _, position, _ = self.fable_state()
        rows = board_cells(position.split()[0])
        white = self.args.colour == "white"
        for row, cells in enumerate(rows):
            for file, cell in enumerate(cells):
                if cell not in ".*" and (cell.isupper() == white) and cell != "O":
                    return self.geometry.centre(file, len(rows) - 1 - row)
        raise Failure("no piece of the player on the board")

    def play(self):
        a = self.args
        self.prefer = list(a.prefer.split()) if a.prefer else []
        self.cancelled = False
        env = dict(os.environ)
        cmd = [os.path.join(ROOT, "scripts", "xboard"), "--fable", a.fable, "--variant", a.variant,
               "--colour", a.colour]
        if a.options:
            cmd += ["--options", a.options]
        # Fable searches one turn deep: its replies come at once, whatever
        # the machine; -size fixes the square size.
        cmd += ["--", "-size", "33", "-depth", "1", "-debug", "-nameOfDebugFile", self.debug,
                "-savePositionFile", self.final_fen, "-saveGameFile", self.pgn]
        self.log("$ " + " ".join(cmd))
        with open(os.path.join(self.out, "xboard.log"), "w") as log:
            self.gui = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            self.run_game()
        finally:
            if self.gui.poll() is None:
                self.gui.send_signal(signal.SIGTERM)
                try:
                    self.gui.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    self.gui.kill()

    def run_game(self):
        a = self.args
        self.wait("XBoard's window", self.main_window, START_TIMEOUT)
        self.wait("Fable's handshake", lambda: any(l.startswith("feature done=1")
                                                   for l in self.from_fable()), START_TIMEOUT)
        # Fable's first burst: its first move if it starts, a card, ...
        fable_starts = (a.variant == "wizard") == (a.colour == "white")
        state = None
        if fable_starts:
            self.wait("Fable's first move", lambda: any(l.startswith("move ")
                                                        for l in self.from_fable()),
                      REPLY_TIMEOUT)
            state = self.wait_for_state(-1, "Fable's first move to end")
        else:
            # Nothing to wait for but XBoard itself: its game starts after
            # the handshake's pong.
            self.wait("XBoard ready", lambda: any(re.match(r"pong \d", l)
                                                  for l in self.from_fable()), START_TIMEOUT)
            time.sleep(1)
            st = self.fable_state()
            state = st if st else (-1, self.start_position(), None)
        self.check_no_error()
        self.board_matches(state[1], "start")
        moves_played = 0
        # The moves, and every question on the way (the last ones too: a
        # player answers them before leaving the game).
        while (moves_played < a.moves or state[2]) and not self.result():
            index, position, question = state
            if question:
                # The question's dialog is the newest, on top of any note.
                self.answer_question(question)
            else:
                self.dismiss_notes()
                move = self.choose_move(position)
                before = len(self.to_fable())
                fx, fy = self.geometry.square(move[:len(move) - len(re.search(r"[a-z]\d+$", move).group(0))])
                tx, ty = self.geometry.square(re.search(r"[a-z]\d+$", move).group(0))
                self.x.click(fx, fy)
                self.x.click(tx, ty)
                sent = self.wait("XBoard to send the move " + move,
                                 lambda: self.to_fable()[before:] or None, SCREEN_TIMEOUT)
                if sent[0][1] != move:
                    raise Failure("XBoard sent %s for the clicks on %s" % (sent[0][1], move))
                moves_played += 1
                self.log("move %d: %s" % (moves_played, move))
            state = self.wait_for_state(index, "Fable's reply")
            for line in self.from_fable():
                if line.startswith("Illegal move"):
                    raise Failure("Fable refused: " + line)
            self.check_no_error()
            self.board_matches(state[1], "after-%d" % moves_played)
        # The whole board, once the notes are read.
        _, position, _ = self.fable_state()
        self.dismiss_notes()
        self.board_matches(position, "end")
        over = self.result()
        # XBoard saves its position and game when it exits.
        self.gui.send_signal(signal.SIGTERM)
        self.gui.wait(timeout=START_TIMEOUT)
        fable_lines = self.from_fable()
        setboards = len([l for l in fable_lines if l.startswith("setboard ")])
        # XBoard saves no game without moves: not the one a board reset
        # started if no move followed it.
        last = max([i for i, l in enumerate(self.lines()) if re.search(
            r"<first : move |>first : usermove", l)] or [-1])
        reset = max([i for i, l in enumerate(self.lines()) if "<first : setboard " in l] or [-1])
        if over or reset > last:
            self.log("OK: %d moves; Fable reset XBoard's board %d times, the last after the last "
                     "move; %s" % (moves_played, setboards, over or "the game goes on"))
            return
        # XBoard appends the last position of every game it ends: a board
        # Fable reset ended one (XBoard: "Engine aborts game"); the last
        # line is where XBoard stopped.
        try:
            with open(self.final_fen) as f:
                saved = [l for l in f.read().splitlines() if l.strip()][-1].split()
        except (FileNotFoundError, IndexError):
            raise Failure("XBoard saved no position")
        ours = [[letters(c) for c in row] for row in board_cells(position.split()[0])]
        theirs = [[letters(c) for c in row] for row in board_cells(saved[0])]
        if ours != theirs:
            raise Failure("XBoard's saved board %s is not Fable's %s" % (saved[0], position))
        self.log("OK: %d moves; XBoard's saved board is Fable's (%s); Fable reset XBoard's board "
                 "%d times; the game goes on" % (moves_played, saved[0], setboards))

    def start_position(self):
        cmd = [self.args.fable, "--variant", self.args.variant]
        if self.args.options:
            cmd += ["--options", self.args.options]
        out = subprocess.run(cmd, input="xboard\nprotover 2\nforce\nvariant %s\nquit\n" %
                             self.args.variant, capture_output=True, text=True).stdout
        m = re.search(r"^setup \(\S+\) \S+ (.*)$", out, re.M)
        if m:
            return m.group(1)
        return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def main():
    # Hang guards: a SIGTERM, or this game's own limit (before the outer
    # `timeout`), still close XBoard (the `finally` in play()).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("FAIL: stopped by the hang guard"))
    signal.signal(signal.SIGALRM, lambda *_: sys.exit("FAIL: the game took over %d s" % GAME_LIMIT))
    signal.alarm(GAME_LIMIT)
    p = argparse.ArgumentParser()
    p.add_argument("--fable", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--variant", required=True)
    p.add_argument("--options", default="")
    p.add_argument("--colour", default="white")
    p.add_argument("--moves", type=int, default=3)
    p.add_argument("--prefer", default="")
    p.add_argument("--cancel-question", action="store_true")
    args = p.parse_args()
    game = Game(args)
    try:
        game.play()
    except Failure as e:
        print("FAIL: %s" % e, flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
