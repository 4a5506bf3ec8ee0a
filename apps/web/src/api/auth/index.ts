import type { DemoResponse, LoginRequest, LoginResponse } from '@prumo/shared/auth';
import { apiRequest } from '../../lib/api-client';

/** POST /api/auth/login, without a token (a 401 there is only a wrong password). */
export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/login', {
    method: 'POST',
    body: credentials,
    anonymous: true,
  });
}

/** Demo credentials for the login screen's demo box; { demo: false } outside demo mode. */
export function fetchDemoCredentials(signal?: AbortSignal): Promise<DemoResponse> {
  return apiRequest<DemoResponse>('/auth/demo', { anonymous: true, signal });
}
