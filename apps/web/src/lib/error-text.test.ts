import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorText } from './error-text';

describe('errorText', () => {
  const emUso = new ApiError(409, 'Este grupo possui 3 produtos.', 'EM_USO');
  const offline = new ApiError(0, undefined);

  it("follows the screen's phrase with the server's reason", () => {
    expect(errorText('Erro ao excluir grupo', emUso)).toBe(
      'Erro ao excluir grupo: Este grupo possui 3 produtos.',
    );
    expect(errorText('Erro ao excluir cadastro. Tente novamente.', emUso)).toBe(
      'Erro ao excluir cadastro. Tente novamente. Este grupo possui 3 produtos.',
    );
  });

  it('names a connection failure unless the screen already asks to try again', () => {
    expect(errorText('Erro ao criar etiqueta', offline)).toBe(
      'Erro ao criar etiqueta: Erro de conexão. Tente novamente.',
    );
    expect(errorText('Erro ao excluir cadastro. Tente novamente.', offline)).toBe(
      'Erro ao excluir cadastro. Tente novamente.',
    );
  });

  it("adds nothing to a server failure's own message", () => {
    expect(errorText('Erro ao salvar', new ApiError(500, 'Erro interno do servidor.'))).toBe(
      'Erro ao salvar',
    );
  });

  it('keeps the base text for anything that is not an API answer', () => {
    expect(errorText('Erro ao salvar', new Error('x'))).toBe('Erro ao salvar');
  });
});
