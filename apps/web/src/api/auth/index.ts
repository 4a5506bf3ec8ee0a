import type {
  DemoResponse,
  LoginAnswer,
  LoginDoisFatores,
  LoginRequest,
  LoginResponse,
} from '@prumo/shared/auth';
import { apiRequest } from '../../lib/api-client';

/**
 * POST /api/auth/login, without a token (a 401 there is only a wrong password). A user with two
 * factors gets { dois_fatores: true, desafio } instead of a session.
 */
export function login(credentials: LoginRequest): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>('/auth/login', {
    method: 'POST',
    body: credentials,
    anonymous: true,
  });
}

/** POST /api/auth/login/dois-fatores: the challenge and the app's (or a recovery) code. */
export function loginDoisFatores(dados: LoginDoisFatores): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/login/dois-fatores', {
    method: 'POST',
    body: dados,
    anonymous: true,
  });
}

/** Demo credentials for the login screen's demo box; { demo: false } outside demo mode. */
export function fetchDemoCredentials(signal?: AbortSignal): Promise<DemoResponse> {
  return apiRequest<DemoResponse>('/auth/demo', { anonymous: true, signal });
}
