import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  authUserSchema,
  IDENTIFIER_SHAPES,
  LOGIN_CALLBACK_PATH,
  LOGIN_PATH,
  ROUTE_BASES,
  textField,
  type RouteBase,
} from '@tickets/domain';
import { cookiesOf } from '../../shared/cookies';
import { currentUser } from '../../shared/guards';
import { sessionCookieName } from '../../shared/sessions';
import { finishLogin, LOGIN_ATTEMPT_TTL_MS, logout, startLogin, takeLoginAttempt } from './service';
import { TaxisClient } from './taxis-client';

const LOGIN_STATE_COOKIE = 'tickets_login_state';

const loginQuery = z.object({
  login_hint: z.string().regex(IDENTIFIER_SHAPES.afm).optional(),
  return_to: z.enum(ROUTE_BASES).optional(),
});
const callbackQuery = z.object({ state: textField().max(200).optional() }).loose();

/** The route family the person started from: explicit, else the login page that linked here. */
function returnBaseOf(request: FastifyRequest, explicit: RouteBase | undefined): RouteBase {
  if (explicit) return explicit;
  const referer = request.headers.referer ?? '';
  const refererPath = URL.canParse(referer) ? new URL(referer).pathname : '';
  return refererPath.startsWith('/ticket-office') ? '/ticket-office' : '/tickets';
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app;
  let client: TaxisClient | undefined;
  // Built on first use: in development the stand-in's address is known only once listening.
  const taxis = () => (client ??= new TaxisClient(config.taxis.baseUrl ?? app.publicUrl(), config.taxis));
  const sessionCookie = sessionCookieName(config.profile);
  // Production is always Secure: its session cookie's __Host- prefix demands it.
  const secureCookies = () => config.profile === 'production' || app.publicUrl().startsWith('https://');
  const redirectUri = () => `${app.publicUrl()}${LOGIN_CALLBACK_PATH}`;

  app.get(
    LOGIN_PATH,
    {
      schema: { querystring: loginQuery, hide: true },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const query = request.query as z.infer<typeof loginQuery>;
      const login = await startLogin(
        db,
        taxis(),
        redirectUri(),
        query.login_hint,
        returnBaseOf(request, query.return_to),
      );
      reply.setCookie(LOGIN_STATE_COOKIE, login.state, {
        path: LOGIN_CALLBACK_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies(),
        maxAge: LOGIN_ATTEMPT_TTL_MS / 1000,
      });
      return reply.redirect(login.url.href);
    },
  );

  app.get(
    LOGIN_CALLBACK_PATH,
    { schema: { querystring: callbackQuery, hide: true } },
    async (request, reply) => {
      const { state } = request.query as z.infer<typeof callbackQuery>;
      const cookieState = cookiesOf(request)[LOGIN_STATE_COOKIE];
      reply.clearCookie(LOGIN_STATE_COOKIE, { path: LOGIN_CALLBACK_PATH });
      const attempt = await takeLoginAttempt(db, state, cookieState);
      if (!attempt) return failLogin(request, reply, '/tickets', 'unknown or expired login state');

      const base = attempt.returnBase as RouteBase;
      try {
        const token = await finishLogin(
          db,
          taxis(),
          new URL(request.url, app.publicUrl()),
          attempt,
          config.session,
          request.id,
        );
        reply.setCookie(sessionCookie, token, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookies(),
          maxAge: config.session.absoluteHours * 3600,
        });
        return reply.redirect(`${base}/confirmation`);
      } catch (error) {
        return failLogin(request, reply, base, error instanceof Error ? error.message : 'login failed');
      }
    },
  );

  app.get(
    '/api/auth/user',
    {
      config: { access: 'user' },
      schema: {
        tags: ['session'],
        summary: "The signed-in person: names, tax number (ΑΦΜ), role, and TaxisNet's logout address",
        response: { 200: authUserSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return {
        firstname: user.firstName,
        lastname: user.lastName,
        taxid: user.afm,
        TICKET_ROLE: user.role,
        logoutUrl: taxis().logoutUrl(config.taxis.clientId),
      };
    },
  );

  // Public: logging out without a session is harmless and answers 200 all the same.
  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        operationId: 'logout',
        summary: "End this browser's session (without one, nothing to end: 200 all the same)",
      },
    },
    async (request, reply) => {
      await logout(db, cookiesOf(request)[sessionCookie], app.sessions, request.user, request.id);
      // A __Host- cookie is removed only by a Set-Cookie that could have set it: Secure, Path=/.
      reply.clearCookie(sessionCookie, { path: '/', secure: secureCookies() });
      return {};
    },
  );
}

function failLogin(request: FastifyRequest, reply: FastifyReply, base: RouteBase, reason: string) {
  request.log.warn({ reason }, 'login failed');
  return reply.redirect(`${base}/login-app?error=login_failed`);
}
