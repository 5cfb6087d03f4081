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

// Browsers start audio only after a gesture: the first tap anywhere opens it.
addEventListener("pointerdown", () => { if (!prefs().muted) audio(); }, { once: true });

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

// A card landing on felt: a short burst of filtered noise.
function snap(a, at) {
  const length = 0.07;
  const buffer = a.createBuffer(1, Math.ceil(a.sampleRate * length), a.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const source = a.createBufferSource();
  const filter = a.createBiquadFilter();
  const gain = a.createGain();
  source.buffer = buffer;
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
  if (prefs().muted || document.visibilityState !== "visible") return;
  const a = audio();
  if (!a || a.state !== "running") return;
  SOUNDS[name](a, a.currentTime + 0.01);
}
