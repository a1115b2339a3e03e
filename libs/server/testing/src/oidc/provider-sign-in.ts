export interface ProviderSignIn {
  login: string;
  password?: string;
  /** 'cancel' aborts at the consent page, as a person who changes their mind. */
  consent?: 'allow' | 'cancel';
}

/** The cookies one person's browser keeps for the provider (its paths do not matter to these few). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const expired = attributes.some((attribute) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(separator + 1).trim());
    }
  }
}

/**
 * What a person does in their browser at the test provider, without a browser: opens the authorization URL, signs
 * in on its form, allows access (or cancels), and follows the redirects until the provider sends them away. Answers
 * the URL it sent them to: the app's callback with the code and state (or an error).
 */
export async function signInAtProvider(authorizationUrl: string, person: ProviderSignIn): Promise<string> {
  const providerOrigin = new URL(authorizationUrl).origin;
  const jar = new CookieJar();
  const send = async (url: string, form?: Record<string, string>) => {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams(form) : undefined,
    });
    jar.take(response);
    return response;
  };
  let url = authorizationUrl;
  let form: Record<string, string> | undefined;
  for (let step = 0; step < 20; step += 1) {
    const response = await send(url, form);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      await response.arrayBuffer();
      if (next.origin !== providerOrigin) return next.href;
      url = next.href;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`the provider answered ${response.status} at ${url}: ${html}`);
    const interaction = new URL(url).pathname;
    if (html.includes('name="login"')) {
      url = `${providerOrigin}${interaction}/login`;
      form = { login: person.login, password: person.password ?? 'any password' };
    } else if (person.consent === 'cancel') {
      url = `${providerOrigin}${interaction}/abort`;
    } else {
      url = `${providerOrigin}${interaction}/confirm`;
      form = {};
    }
  }
  throw new Error('the provider kept the person in a loop of redirects');
}
