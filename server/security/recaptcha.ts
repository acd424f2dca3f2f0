// reCAPTCHA v3 check of the sign-in (action 'homepage'), only when a secret is set
// (decisions 0018 and 0021).
export interface RecaptchaResult {
  success: boolean;
  score?: number;
  action?: string;
}

export type RecaptchaVerifier = (token: string, remoteIp: string) => Promise<RecaptchaResult>;

export const googleRecaptchaVerifier =
  (secret: string): RecaptchaVerifier =>
  async (token, remoteIp) => {
    const body = new URLSearchParams({ secret, response: token, remoteip: remoteIp });
    const response = await fetch('https://www.google.com/recaptcha/api/siteverify', {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return { success: false };
    return (await response.json()) as RecaptchaResult;
  };

export function recaptchaPasses(result: RecaptchaResult, minScore: number): boolean {
  return (
    result.success &&
    (result.action === undefined || result.action === 'homepage') &&
    (result.score ?? 1) >= minScore
  );
}
