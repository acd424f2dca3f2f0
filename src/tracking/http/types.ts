// Shapes the API returns (decision 0029).
export interface CourseUser {
  id: number | string;
  name: string;
  document?: string | null;
  email?: string | null;
  /** Slug of the learner's obra; null = the configuration's first (decision 0078). */
  obra?: string | null;
  score?: number | null;
  route?: string | null;
  current_location?: string | null;
  final_terms?: boolean;
  completed_at?: string | null;
  url_certificate: string | null;
  /** The learner's current induction cycle (≥ 1; a reinducción starts a new one). */
  cycle?: number;
  /** When the learner accepted the habeas-data notice; null = not yet (Ley 1581 de 2012). */
  dataNoticeAcceptedAt?: string | null;
  /** The `obra.*` values of an obra added in the console (decision 0215). */
  obra_values?: Readonly<Record<string, string | readonly string[] | boolean>>;
  /** The notice version accepted (record 0213); absent from older servers. */
  dataNoticeVersion?: string | null;
  /** The acceptance statement the server published to the learner (record 0259). */
  acceptanceStatement?: string | null;
  /** The hash of what the web app needs of the learner's company (record 0291). */
  company_config?: string | null;
}

export interface LoginResponse {
  success: true;
  token: string;
  user: CourseUser;
}

export interface UserResponse {
  success: boolean;
  user: CourseUser;
}

export interface CertificateResponse {
  success: boolean;
  url_file?: string;
  user?: CourseUser;
  message?: string;
}

export interface ActivityResponse {
  success: boolean;
  /** First answers stored new (re-sent ones are not counted). */
  answers: number;
  sessions: number;
}
