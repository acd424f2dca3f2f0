// reCAPTCHA v3 (action 'homepage', decision 0021), loaded from Google only when a site key is set.
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | null = null;

function loadScript(siteKey: string): Promise<Grecaptcha> {
  if (loading) return loading;
  loading = new Promise<Grecaptcha>((resolve, reject) => {
    if (window.grecaptcha) return window.grecaptcha.ready(() => resolve(window.grecaptcha!));
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () =>
      window.grecaptcha
        ? window.grecaptcha.ready(() => resolve(window.grecaptcha!))
        : reject(new Error('grecaptcha'));
    script.onerror = () => {
      loading = null;
      reject(new Error('recaptcha script'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Starts loading early (on page mount) so the token is quick at submit time. */
export function preloadRecaptcha(siteKey: string): void {
  loadScript(siteKey).catch(() => {});
}

export async function recaptchaToken(siteKey: string): Promise<string> {
  const grecaptcha = await loadScript(siteKey);
  return grecaptcha.execute(siteKey, { action: 'homepage' });
}
