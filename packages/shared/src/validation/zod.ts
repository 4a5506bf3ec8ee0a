import { z } from 'zod';

// Default messages in Brazilian Portuguese for every schema built from this module; schemas
// still give their own message where the spec names one.
z.config(z.locales.ptBR());

export { z };
