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
