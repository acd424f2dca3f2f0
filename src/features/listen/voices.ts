// Choosing a Spanish voice of the browser's speech synthesis (docs/decisions/0097-listen.md).
// Voices load asynchronously: the list may be empty until 'voiceschanged' fires.
import { useEffect, useState } from 'react';

export interface VoiceLike {
  lang: string;
  name: string;
  localService?: boolean;
}

const norm = (lang: string) => lang.replace(/_/g, '-').toLowerCase();

/** Lower is better: es-CO, then es-419, then any other Spanish voice; null for none. */
export function voiceRank(voice: VoiceLike): number | null {
  const lang = norm(voice.lang);
  if (lang === 'es-co') return 0;
  if (lang === 'es-419') return 1;
  if (lang === 'es' || lang.startsWith('es-')) return 2;
  return null;
}

/** The preferred Spanish voice (local voices first among equals), or null. */
export function pickSpanishVoice<V extends VoiceLike>(voices: readonly V[]): V | null {
  let best: V | null = null;
  let bestRank = Infinity;
  for (const v of voices) {
    const rank = voiceRank(v);
    if (rank === null) continue;
    const score = rank * 2 + (v.localService === false ? 1 : 0);
    if (score < bestRank) {
      best = v;
      bestRank = score;
    }
  }
  return best;
}

export function speechSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof window.SpeechSynthesisUtterance === 'function'
  );
}

/** The Spanish voice to read with, updated when the browser's voices arrive; null when none. */
export function useSpanishVoice(): SpeechSynthesisVoice | null {
  const [voice, setVoice] = useState<SpeechSynthesisVoice | null>(() =>
    speechSupported() ? pickSpanishVoice(window.speechSynthesis.getVoices()) : null,
  );
  useEffect(() => {
    if (!speechSupported()) return;
    const synth = window.speechSynthesis;
    const update = () => setVoice(pickSpanishVoice(synth.getVoices()));
    update();
    synth.addEventListener?.('voiceschanged', update);
    return () => synth.removeEventListener?.('voiceschanged', update);
  }, []);
  return voice;
}
