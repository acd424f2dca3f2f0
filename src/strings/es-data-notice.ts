// The habeas-data notice screen's texts (web build only, record 0127). Learner text as in es.ts
// (decision record 0036: Spanish, `tú`), kept apart so it travels in the notice's lazy chunk and
// neither build's first screen carries it.
export const esDataNotice = {
  title: 'Tus datos personales',
  intro: 'Antes de empezar, lee cómo usamos tus datos.',
  accept: 'Acepto',
  accepting: 'Guardando…',
  leave: 'Salir',
  failed: 'No pudimos guardar tu respuesta. Revisa tu conexión e intenta de nuevo.',
} as const;
