import { etiquetaInputSchema, modeloDoPreset } from '@prumo/shared/etiquetas';
import type { Transaction } from '../../db/database';
import { createEtiqueta } from './etiquetas.repository';

/** Demo label templates: two Pimaco sheets and a large A4 shelf label. */
export async function seedDemoEtiquetas(tx: Transaction): Promise<void> {
  const modelos = [
    { ...modeloDoPreset('pimaco-6180'), nome: 'Gôndola (Pimaco 6180)' },
    {
      ...modeloDoPreset('pimaco-6187'),
      nome: 'Preço pequeno (Pimaco 6187)',
      exibirCodigoInterno: 'nao',
    },
    {
      ...modeloDoPreset('pimaco-a4260'),
      nome: 'Prateleira A4 com número do código',
      padrao: 'padrao1',
      exibirNumeroCodigoBarras: 'sim',
      tamanhoFonteValor: 'grande',
      posicaoCodigoBarras: 'superior',
    },
  ];
  for (const modelo of modelos) await createEtiqueta(tx, etiquetaInputSchema.parse(modelo));
}
