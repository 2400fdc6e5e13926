import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { messages, textField } from '@tickets/domain';
import { renderAuthorizePage, renderErrorPage } from './page';
import { listPeopleToOffer } from './queries';
import {
  exchangeCode,
  findGrantByToken,
  issueCode,
  personOfForm,
  personOfHint,
  TOKEN_TTL_SECONDS,
} from './service';

/**
 * A local TaxisNet (docs/design.md §3) speaking the GSIS OAuth2 protocol: authorize page, token,
 * XML userinfo, logout redirect. Registered only when the configuration enables it, which the
 * production profile refuses. People come from the registry stand-in (`citizens`).
 */
const oauthParameters = z.object({
  response_type: z.literal('code'),
  client_id: textField().min(1).max(200),
  redirect_uri: textField().min(1).max(2000),
  state: textField().max(500).optional(),
  scope: textField().max(200).optional(),
  code_challenge: textField().max(200).optional(),
  code_challenge_method: z.literal('S256').optional(),
  login_hint: textField().max(20).optional(),
});
type OAuthParameters = z.infer<typeof oauthParameters>;

const signInForm = oauthParameters.extend({
  afm: textField().max(20).default(''),
  firstName: textField().max(100).default(''),
  lastName: textField().max(100).default(''),
  cancel: textField().optional(),
});

const tokenForm = z.object({
  grant_type: z.literal('authorization_code'),
  code: textField().min(1).max(200),
  redirect_uri: textField().min(1).max(2000),
  client_id: textField().min(1).max(200),
  client_secret: textField().min(1).max(500),
  code_verifier: textField().max(200).optional(),
});

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const digigovCss = createRequire(import.meta.url).resolve('@digigov/css/dist/digigov.css');

export async function taxisStandInRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app;
  const text = messages.standIn;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const isRegisteredClient = (parameters: { client_id: string; redirect_uri: string }) =>
    parameters.client_id === config.taxis.clientId &&
    parameters.redirect_uri === `${app.publicUrl()}/login/oauth2/code/taxis`;

  const redirectWithCode = async (
    reply: FastifyReply,
    parameters: OAuthParameters,
    person: { afm: string; firstName: string; lastName: string },
  ) => {
    const code = await issueCode(db, {
      ...person,
      clientId: parameters.client_id,
      redirectUri: parameters.redirect_uri,
      codeChallenge: parameters.code_challenge,
    });
    const target = new URL(parameters.redirect_uri);
    target.searchParams.set('code', code);
    if (parameters.state) target.searchParams.set('state', parameters.state);
    return reply.redirect(target.href);
  };

  const renderPage = async (
    reply: FastifyReply,
    parameters: OAuthParameters,
    extra: { error?: string; typed?: { afm: string; firstName: string; lastName: string } } = {},
  ) => {
    const people = await listPeopleToOffer(db, 20);
    const { login_hint: _hint, ...oauth } = parameters;
    const fields = Object.fromEntries(
      Object.entries(oauth).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    return reply
      .status(extra.error ? 400 : 200)
      .type('text/html; charset=utf-8')
      .send(renderAuthorizePage({ oauth: fields, people, ...extra }));
  };

  const badRequest = (reply: FastifyReply) =>
    reply.status(400).type('text/html; charset=utf-8').send(renderErrorPage(text.badRequest));

  app.get(
    '/oauth/authorize',
    { schema: { hide: true }, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const parsed = oauthParameters.safeParse(request.query);
      if (!parsed.success || !isRegisteredClient(parsed.data)) return badRequest(reply);
      const person = await personOfHint(db, parsed.data.login_hint);
      if (person) return redirectWithCode(reply, parsed.data, person);
      return renderPage(reply, parsed.data);
    },
  );

  app.post(
    '/oauth/authorize',
    { schema: { hide: true }, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const parsed = signInForm.safeParse(request.body);
      if (!parsed.success || !isRegisteredClient(parsed.data)) return badRequest(reply);
      const { afm: rawAfm, firstName, lastName, cancel, ...parameters } = parsed.data;
      if (cancel) {
        const target = new URL(parameters.redirect_uri);
        target.searchParams.set('error', 'access_denied');
        if (parameters.state) target.searchParams.set('state', parameters.state);
        return reply.redirect(target.href);
      }
      const afm = rawAfm.replace(/\s+/g, '');
      const typed = { afm, firstName, lastName };
      const signingIn = await personOfForm(db, typed);
      if (signingIn.error !== undefined)
        return renderPage(reply, parameters, { error: signingIn.error, typed });
      return redirectWithCode(reply, parameters, signingIn.person);
    },
  );

  app.post('/oauth/token', { schema: { hide: true } }, async (request, reply) => {
    const parsed = tokenForm.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ error: 'invalid_request' });
    const form = parsed.data;
    if (form.client_id !== config.taxis.clientId || form.client_secret !== config.taxis.clientSecret) {
      return reply.status(401).send({ error: 'invalid_client' });
    }
    const accessToken = await exchangeCode(db, {
      code: form.code,
      clientId: form.client_id,
      redirectUri: form.redirect_uri,
      codeVerifier: form.code_verifier,
    });
    if (!accessToken) return reply.status(400).send({ error: 'invalid_grant' });
    return reply.header('Cache-Control', 'no-store').send({
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: TOKEN_TTL_SECONDS,
      scope: 'read',
    });
  });

  app.get('/userinfo', { schema: { hide: true } }, async (request, reply) => {
    const token = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const grant = token ? await findGrantByToken(db, token) : undefined;
    if (!grant) return reply.status(401).header('WWW-Authenticate', 'Bearer error="invalid_token"').send();
    const attributes = {
      userid: `standin-${grant.afm}`,
      taxid: grant.afm,
      lastname: grant.lastName,
      firstname: grant.firstName,
      fathername: '',
      mothername: '',
      birthyear: '',
    };
    const xml = Object.entries(attributes)
      .map(([name, value]) => `${name}="${escapeXml(value)}"`)
      .join(' ');
    return reply.type('application/xml; charset=utf-8').send(`<root><userinfo ${xml}/></root>`);
  });

  app.get('/logout/:clientId', { schema: { hide: true } }, async (request, reply) => {
    // Only back to this service: an open redirect would help phishing.
    const url = (request.query as { url?: string }).url;
    const home = app.publicUrl();
    const target = url && URL.canParse(url) && new URL(url).origin === new URL(home).origin ? url : home;
    return reply.redirect(target);
  });

  app.get('/assets/digigov.css', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(await readFile(digigovCss)),
  );
}
