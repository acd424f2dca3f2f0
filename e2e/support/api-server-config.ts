// The standalone API server of the browser tests (e2e/support/api-server.ts): where it listens
// and the learners it seeds. Specs import these; nothing here starts a server.
export const API_PORT = Number(process.env.E2E_API_PORT ?? 4322);
export const API_URL = `http://127.0.0.1:${API_PORT}`;

export const PASSWORD = 'Clave-Segura-2026';

/**
 * One learner per spec that changes or reads progress, so parallel workers never share one,
 * and a reused server (reuseExistingServer) still gives the same results: every spec only
 * ever raises its own learner's progress to where the spec takes it.
 */
export const LEARNERS = {
  /** Fresh: takes module 1 in standalone.spec.ts. */
  standalone: { document: '1000000101', name: 'Camilo Andrés Rúa' },
  /** Fresh and never changed: wrong-password and below-100 checks. */
  beginner: { document: '1000000102', name: 'Sofía Peña Ortiz' },
  /** Seeded with the whole course done and score 100, no certificate yet. */
  complete: { document: '1000000103', name: 'María José Ñúñez Peña' },
  /** Seeded at 80: modules 1–4 done, every topic of the last one viewed, its quiz left. */
  almost: { document: '1000000104', name: 'Juan Sebastián Muñoz Díaz' },
  /** Fresh: the browser closes while its progress is on the way (resilience.spec.ts). */
  interrupted: { document: '1000000106', name: 'Luis Fernando Ortega' },
  /** Seeded complete; its certificate requests always fail in the spec (network cut). */
  offline: { document: '1000000105', name: 'Ángela Ríos Betancur' },
  /** Fresh: its progress saves fail (503, 500, aborted) in standalone-saves.spec.ts. */
  failingSaves: { document: '1000000107', name: 'Diana Carolina Mejía' },
  /** Fresh: the server refuses its session (401) mid-course in standalone-saves.spec.ts. */
  sessionEnds: { document: '1000000108', name: 'Jorge Iván Cárdenas' },
  /** Fresh: goes offline mid-course in standalone-saves.spec.ts. */
  goesOffline: { document: '1000000109', name: 'Paola Andrea Quintero' },
  /**
   * Fresh, and the only seeded learner who has not accepted the habeas-data notice: signs in for
   * the first time in standalone-activity.spec.ts (first answers and session time).
   */
  firstSignIn: { document: '1000000110', name: 'Wilson Arley Gaviria' },
  /** Seeded complete (100 %): a reinducción starts while their page is open. */
  reinduction: { document: '1000000111', name: 'Yeison Andrés Mosquera' },
  /** Seeded with module 1 done: studies module 2 offline on a phone she then hands on. */
  sharedPhoneFirst: { document: '1000000112', name: 'Luz Marina Cuesta' },
  /** Fresh: signs in on that phone after her, and signs out. */
  sharedPhoneNext: { document: '1000000113', name: 'Édgar Mauricio Lozano' },
} as const;

/**
 * Learners of two obras of one configuration (decision 0078), seeded with modules 1–4 done
 * (module 5 open) only when the server's configuration (CURSO_CONFIG) has their obras:
 * e2e/obra-learner.spec.ts runs its own server on test/fixtures/config/constructora-andina.json.
 */
export const OBRA_LEARNERS = {
  torreNorte: { document: '1000000201', name: 'Hernán Darío Toro', obra: 'torre-norte' },
  puenteSur: { document: '1000000202', name: 'Yolanda Patiño Gil', obra: 'puente-sur' },
} as const;

/** The SST coordinator of e2e/console.spec.ts (decision 0110): signs in at /consola. */
export const COORDINATOR = { document: '1000000900', name: 'Laura Coordinadora SST' } as const;
