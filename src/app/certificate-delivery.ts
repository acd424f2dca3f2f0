// What the certificate flow needs only once the learner asks for the certificate: the name form,
// the certificate's data and the PDF download. Loaded on demand by certificate-flow.tsx, so the
// first screen's script does not carry it (record 0284).
export {
  buildCertificateData,
  downloadCertificate,
  NameForCertificate,
} from '../features/certificate/index.ts';
