// «Escuchar»: imported by the topic and quiz screens only, so it ships in their lazy chunks and
// never in the first-paint bundle (docs/decisions/0097-listen.md). (A lazy chunk of its own,
// imported from those chunks, made the bundler split React into an extra first-load request.)
export { default as Listen } from './listen-control.tsx';
