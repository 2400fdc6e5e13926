/**
 * What a steward hears and feels with each decision, with the eyes on the crowd: a short high beep
 * for an admission, a longer low one for a refusal, and a buzz where the phone can.
 */
let audio: AudioContext | undefined;

function beep(frequency: number, seconds: number) {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  audio ??= new Context();
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'square';
  oscillator.frequency.value = frequency;
  gain.gain.value = 0.15;
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start();
  oscillator.stop(audio.currentTime + seconds);
}

export function feedbackFor(admitted: boolean) {
  try {
    beep(admitted ? 1320 : 220, admitted ? 0.15 : 0.5);
    navigator.vibrate?.(admitted ? 100 : [200, 100, 200]);
  } catch {
    // Sound and vibration are extras: the screen says it all.
  }
}
