// A real OpenID Connect provider for the test suites: `oidc-provider` (the certified reference implementation) on
// 127.0.0.1, run as its own process (the package is ES modules only) by startTestOidcProvider. Its sign-in and consent
// pages are plain forms with nothing loaded from elsewhere (the package's development pages fetch web fonts). A test
// can make it answer like a broken or hostile provider (POST /__test/tamper) to prove what the client refuses.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import process from 'node:process';
import { URL, URLSearchParams } from 'node:url';
import { SignJWT, decodeJwt, decodeProtectedHeader, importJWK } from 'jose';
import Provider from 'oidc-provider';

const settings = JSON.parse(process.env.TEST_OIDC_PROVIDER ?? '{}');
const port = Number(settings.port);
const issuer = `http://127.0.0.1:${port}`;
/** login → { claims, password? }: who can sign in, and what the provider says about them. */
const accounts = settings.accounts ?? {};

const signingKey = { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }) };
signingKey.kid = randomBytes(8).toString('hex');
signingKey.alg = 'RS256';
signingKey.use = 'sig';
const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
const page = (title, body) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

const provider = new Provider(issuer, {
  clients: settings.clients ?? [],
  clientAuthMethods: settings.clientAuthMethods ?? ['client_secret_basic', 'client_secret_post', 'none'],
  jwks: { keys: [signingKey] },
  cookies: { keys: [randomBytes(32).toString('hex')] },
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'family_name', 'preferred_username'],
  },
  // false: the claims of the scopes are in the ID token itself, as most self-hosted providers do; true (the
  // specification's default) keeps them for the userinfo endpoint.
  conformIdTokenClaims: settings.claimsInUserInfoOnly === true,
  pkce: { required: () => true },
  features: {
    devInteractions: { enabled: false },
    rpInitiatedLogout: {
      enabled: true,
      logoutSource: (ctx, form) => {
        ctx.body = page(
          'Sign out',
          `${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out</button>`,
        );
      },
      postLogoutSuccessSource: (ctx) => {
        ctx.body = page('Signed out', '<p>You are signed out of the test provider.</p>');
      },
    },
  },
  interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
  findAccount: (ctx, id) =>
    accounts[id] || settings.anyLogin
      ? { accountId: id, claims: () => ({ sub: id, ...(accounts[id]?.claims ?? {}) }) }
      : undefined,
  renderError: (ctx, out) => {
    ctx.type = 'html';
    ctx.body = page(
      'Sign-in error',
      `<p id="error">${escapeHtml(out.error)}: ${escapeHtml(out.error_description)}</p>`,
    );
  },
});

/** How the token endpoint's ID token is spoiled, if at all (set by a test). */
let tamper = 'none';

async function spoil(idToken) {
  const claims = decodeJwt(idToken);
  const header = decodeProtectedHeader(idToken);
  const now = Math.floor(Date.now() / 1000);
  const changes = {
    signature: {},
    issuer: { iss: 'https://elsewhere.example' },
    audience: { aud: 'another-client' },
    expired: { iat: now - 7200, exp: now - 3600 },
    nonce: { nonce: 'not-the-nonce-that-was-sent' },
  }[tamper];
  const key = await importJWK(tamper === 'signature' ? foreignKey : signingKey, 'RS256');
  return new SignJWT({ ...claims, ...changes }).setProtectedHeader(header).sign(key);
}

provider.use(async (ctx, next) => {
  await next();
  if (ctx.path === '/token' && tamper !== 'none' && ctx.body?.id_token) {
    ctx.body = { ...ctx.body, id_token: await spoil(ctx.body.id_token) };
  }
});

function readForm(request) {
  return new Promise((resolve, reject) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(new URLSearchParams(body)));
    request.on('error', reject);
  });
}

async function loginPage(request, response, uid) {
  const details = await provider.interactionDetails(request, response);
  response.setHeader('content-type', 'text/html; charset=utf-8');
  if (details.prompt.name === 'login') {
    response.end(
      page(
        'Sign in to the test provider',
        `<form method="post" action="/interaction/${uid}/login">` +
          '<label for="login">Username</label> <input id="login" name="login" autocomplete="username" required> ' +
          '<label for="password">Password</label> <input id="password" name="password" type="password" required> ' +
          '<button type="submit">Sign in</button></form>',
      ),
    );
    return;
  }
  response.end(
    page(
      'Allow access',
      `<p>${escapeHtml(details.params.client_id)} asks for: ${escapeHtml(details.params.scope)}</p>` +
        `<form method="post" action="/interaction/${uid}/confirm"><button type="submit">Allow</button></form>` +
        `<p><a href="/interaction/${uid}/abort">Cancel</a></p>`,
    ),
  );
}

async function logIn(request, response) {
  const form = await readForm(request);
  const login = form.get('login') ?? '';
  const account = accounts[login];
  if ((!account && !settings.anyLogin) || (account?.password && account.password !== form.get('password'))) {
    response.writeHead(401, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page('Wrong username or password', '<p>Go back and try again.</p>'));
    return;
  }
  await provider.interactionFinished(
    request,
    response,
    { login: { accountId: login } },
    {
      mergeWithLastSubmission: false,
    },
  );
}

async function allow(request, response) {
  const { prompt, params, session, grantId } = await provider.interactionDetails(request, response);
  const grant = grantId
    ? await provider.Grant.find(grantId)
    : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
  if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
  if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
  await provider.interactionFinished(
    request,
    response,
    { consent: { grantId: await grant.save() } },
    {
      mergeWithLastSubmission: true,
    },
  );
}

const providerHandler = provider.callback();

async function handle(request, response) {
  const url = new URL(request.url, issuer);
  if (url.pathname === '/__test/tamper' && request.method === 'POST') {
    tamper = (await readForm(request)).get('mode') ?? 'none';
    response.writeHead(204).end();
    return;
  }
  const interaction = /^\/interaction\/([\w-]+)(\/login|\/confirm|\/abort)?$/.exec(url.pathname);
  if (!interaction) return providerHandler(request, response);
  const [, uid, step] = interaction;
  if (!step && request.method === 'GET') return loginPage(request, response, uid);
  if (step === '/login' && request.method === 'POST') return logIn(request, response);
  if (step === '/confirm' && request.method === 'POST') return allow(request, response);
  if (step === '/abort') {
    const result = { error: 'access_denied', error_description: 'The person cancelled the sign-in' };
    return provider.interactionFinished(request, response, result, { mergeWithLastSubmission: false });
  }
  response.writeHead(404).end();
}

const server = http.createServer((request, response) => {
  handle(request, response).catch((error) => {
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
    response.end(String(error));
  });
});
server.listen(port, '127.0.0.1', () => process.stdout.write(`listening ${issuer}\n`));
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
