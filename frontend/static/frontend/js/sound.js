// Short table sounds synthesized with the Web Audio API (no audio files to download).
import { prefs } from "./prefs.js";

let context = null;

function audio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!context) context = new Context();
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

// Opening the audio device is slow on a phone (tens of milliseconds), and a browser lets
// audio start only after a gesture: the device is opened at the player's first tap (on the
// table, the call that starts a hand), never at a moment that may fall in a trick's motion.
// A tap also wakes a device the browser suspended.
addEventListener("pointerdown", () => {
  if (!context && !prefs().muted) audio();
  else if (context?.state === "suspended") context.resume().catch(() => {});
});

function tone(a, at, freq, length, level = 0.12, type = "sine") {
  const osc = a.createOscillator();
  const gain = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(level, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(a.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

// A card landing on felt: a short burst of filtered noise (made once, played every time).
let noise = null;

function snap(a, at) {
  if (!noise) {
    const length = 0.07;
    noise = a.createBuffer(1, Math.ceil(a.sampleRate * length), a.sampleRate);
    const data = noise.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  }
  const source = a.createBufferSource();
  const filter = a.createBiquadFilter();
  const gain = a.createGain();
  source.buffer = noise;
  filter.type = "bandpass";
  filter.frequency.value = 1800;
  gain.gain.value = 0.5;
  source.connect(filter).connect(gain).connect(a.destination);
  source.start(at);
}

const SOUNDS = {
  card: (a, at) => snap(a, at),
  trick: (a, at) => { tone(a, at, 587, 0.14, 0.08, "triangle"); tone(a, at + 0.09, 880, 0.22, 0.08, "triangle"); },
  turn: (a, at) => { tone(a, at, 523, 0.12, 0.07); tone(a, at + 0.1, 784, 0.2, 0.07); },
  win: (a, at) => [523, 659, 784, 1047].forEach((f, i) => tone(a, at + i * 0.12, f, 0.3, 0.08, "triangle")),
};

export function sound(name) {
  if (!context || prefs().muted || document.visibilityState !== "visible") return;
  const a = audio();
  if (!a || a.state !== "running") return;
  SOUNDS[name](a, a.currentTime + 0.01);
}
