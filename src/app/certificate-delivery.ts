// What the certificate flow needs only once the learner asks for the certificate: the name form,
// the certificate's data and the file's download. Loaded on demand by certificate-flow.tsx, so
// the first screen's script does not carry it (record 0284). The PDF generator's own chunk is
// imported by certificate-flow.tsx itself: a dynamic import inside this lazy chunk would list
// the entry's stylesheet among its files, and that stylesheet is inline in index.html.
export {
  buildCertificateData,
  certificateFileName,
  downloadPdf,
  NameForCertificate,
} from '../features/certificate/index.ts';
