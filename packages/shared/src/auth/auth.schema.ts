import { z } from '../validation';
import { EMPTY_LOGIN_MESSAGE, ROLES } from './auth.constants';

export const loginRequestSchema = z.strictObject({
  email: z
    .string({ error: EMPTY_LOGIN_MESSAGE })
    .trim()
    .min(1, { error: EMPTY_LOGIN_MESSAGE })
    .max(254),
  password: z
    .string({ error: EMPTY_LOGIN_MESSAGE })
    .min(1, { error: EMPTY_LOGIN_MESSAGE })
    .max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionUserSchema = z.object({
  nome: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});

export const loginResponseSchema = z.object({
  token: z.string(),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /api/auth/demo: the credentials of the login screen's demo box, only in demo mode. */
export const demoResponseSchema = z.object({
  demo: z.boolean(),
  email: z.string().optional(),
  password: z.string().optional(),
});
export type DemoResponse = z.infer<typeof demoResponseSchema>;
