// «Verificar en portería» (decision 0243), loaded on demand: a guard's phone never loads the
// course to check a certificate, and the course never loads the QR decoder.
export { default } from '../../features/gate/index.ts';
