// Fixed interface text of the topic screens. Course text comes from content/; the app-wide
// strings (Siguiente, Anterior, Menú…) live in src/strings/es.ts, owned by the shell.
export const screenStrings = {
  remember: 'Recuerda',
  close: 'Cerrar',
  accept: 'ACEPTAR',
  open: 'Ver más',
  flipCard: 'Voltear tarjeta',
  flipBack: 'Volver al frente',
  carousel: 'carrusel',
  slide: 'diapositiva',
  previousSlide: 'Diapositiva anterior',
  nextSlide: 'Diapositiva siguiente',
  goToSlide: (n: number) => `Ir a la diapositiva ${n}`,
  slideDots: 'Elegir diapositiva',
  of: 'de',
  position: (n: number, total: number) => `${n} de ${total}`,
  hotspotHint: 'Toca o selecciona un número para ver su explicación.',
  hotspotSpots: 'Puntos sobre la imagen',
  hotspotList: 'Puntos encontrados',
  step: 'Paso',
} as const;
