import {
  chosenQuestion,
  requireSession,
  SECURE_QUESTIONS,
  secureQuestionText,
  setSecureAnswer,
  type AccountsContext,
} from '@tessera/server/accounts';
import type { FastifyInstance } from 'fastify';
import { apiRoutes, strictValidatorCompiler } from '@tessera/server/http';
import { apiSchemas } from '@tessera/shared/contract-api';

/** The secure question: the choices, the account's question, setting a chosen or custom one. */
export function secureQuestionRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  const routes = apiRoutes(app, { tags: ['account'] });
  routes.get('/officeapi/getsecurequestions', {
    summary: 'Secure questions to choose from',
    reply: 'account/secure-questions-response',
    handler: () => ({ questions: SECURE_QUESTIONS.map((q) => ({ ...q })) }),
  });
  routes.post('/officeapi/getUserSecureQuestion', {
    summary: "The account's secure question",
    body: 'auth/empty-request',
    reply: 'account/user-secure-question-response',
    errors: [400, 401],
    handler: async (request) => ({ secure_question: secureQuestionText((await requireSession(ctx, request)).user) }),
  });

  // The answers are stored: their bodies are taken as sent, never coerced or stripped into shape.
  const strict = strictValidatorCompiler([...apiSchemas('account/'), ...apiSchemas('auth/')]);
  routes.post('/officeapi/setanswertosecurequestion', {
    summary: 'Choose a secure question and answer it',
    validatorCompiler: strict,
    body: 'account/secure-answer-request',
    reply: 'auth/message-response',
    errors: [400, 401, 403, 422, 429],
    handler: async (request) => {
      const question = chosenQuestion(request.body.question_id);
      return setSecureAnswer(ctx, request, await requireSession(ctx, request), question, request.body);
    },
  });
  routes.post('/officeapi/setanswertocustomsecurequestion', {
    summary: 'Write an own secure question and answer it',
    validatorCompiler: strict,
    body: 'account/custom-secure-answer-request',
    reply: 'auth/message-response',
    errors: [400, 401, 403, 422, 429],
    handler: async (request) => {
      const question = { key: request.body.question.trim(), custom: true };
      return setSecureAnswer(ctx, request, await requireSession(ctx, request), question, request.body);
    },
  });
}
