// Move sounds, made by the browser's Web Audio (no sound files): a short click for a move, a
// lower double knock for a capture, a chime for the end of the game. A switch beside the
// board's options turns them off (kept in the browser). Browsers start audio only after the
// page has been clicked once; until then a sound is skipped silently.

const KEY = "jovian-sound";
let context = null;

export function soundOn() {
  return localStorage.getItem(KEY) !== "0";
}

export function setSound(on) {
  localStorage.setItem(KEY, on ? "1" : "0");
}

/// What `play` last did, for the tests: "move", "capture", "end" or null.
export const heard = { last: null, count: 0 };

function tone(at, freq, length, volume) {
  const osc = context.createOscillator();
  const gain = context.createGain();
  osc.frequency.value = freq;
  osc.type = "triangle";
  gain.gain.setValueAtTime(volume, at);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(context.destination);
  osc.start(at);
  osc.stop(at + length);
}

/// Plays the sound of `kind` ("move", "capture" or "end") unless sounds are off.
export function play(kind) {
  if (!soundOn()) return;
  heard.last = kind;
  heard.count += 1;
  try {
    context ||= new AudioContext();
    if (context.state === "suspended") context.resume();
    const now = context.currentTime;
    if (kind === "capture") { tone(now, 220, 0.09, 0.25); tone(now + 0.07, 165, 0.12, 0.25); }
    else if (kind === "end") { tone(now, 523, 0.25, 0.2); tone(now + 0.18, 784, 0.4, 0.2); }
    else tone(now, 440, 0.07, 0.2);
  } catch { /* no audio here (a browser without it, or not yet allowed): silence */ }
}
