import type { MemoryTemplate, Prompt } from '@memories/contracts';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MyPromptsCard } from './components/MyPromptsCard';
import { TemplateCard } from './components/TemplateCard';

// The confirm dialog loads lazily: on a busy machine it needs more than the default. A waiting budget, not a speed check.
configure({ asyncUtilTimeout: 5_000 });

const builtIn: Prompt = { id: 'builtin-1', text: 'What are you grateful for?', category: 'gratitude', builtIn: true };
const mine: Prompt = { id: 'p1', text: 'Who did I call today?', category: null, builtIn: false };

function promptsApi(prompts: Prompt[]) {
  let kept = [...prompts];
  return {
    list: jest.fn(async () => kept),
    create: jest.fn(async (payload: { text: string; category?: Prompt['category'] }) => {
      const created: Prompt = { id: 'p2', text: payload.text, category: payload.category ?? null, builtIn: false };
      kept = [created, ...kept];
      return { data: created, message: 'Prompt added.' };
    }),
    delete: jest.fn(async (id: string) => {
      kept = kept.filter((prompt) => prompt.id !== id);
      return { data: null, message: 'Prompt deleted.' };
    }),
  };
}

describe('Settings → Prompts & template', () => {
  it('lists only the person’s own prompts, adds one with a category and deletes one after asking', async () => {
    const api = promptsApi([mine, builtIn]);
    render(<MyPromptsCard api={api} />);

    const list = await screen.findByRole('list', { name: 'My prompts' });
    expect(within(list).getByText('Who did I call today?')).toBeInTheDocument();
    expect(screen.queryByText('What are you grateful for?')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('A prompt of your own'), { target: { value: '  A smell I remember  ' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Childhood' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add prompt' }));
    expect(await screen.findByText('Prompt added.')).toBeInTheDocument();
    expect(api.create).toHaveBeenCalledWith({ text: 'A smell I remember', category: 'childhood' });
    expect(await within(list).findByText('A smell I remember')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Who did I call today?' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this prompt?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Prompt deleted.')).toBeInTheDocument();
    expect(api.delete).toHaveBeenCalledWith('p1');
    await waitFor(() => expect(within(list).queryByText('Who did I call today?')).not.toBeInTheDocument());
  });

  it('says there is no template and links to the editor to write one', async () => {
    const api = {
      personalTemplate: jest.fn(async (): Promise<MemoryTemplate> => ({ contentJson: '', updatedAt: null })),
      savePersonalTemplate: jest.fn(),
    };
    render(<TemplateCard api={api} />, { wrapper: MemoryRouter });

    expect(await screen.findByText('You have no template: new memories start empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write a template' })).toHaveAttribute('href', '/memory/template');
    expect(screen.queryByRole('button', { name: 'Remove template' })).not.toBeInTheDocument();
  });

  it('removes the template after asking, by saving an empty document', async () => {
    const saved: MemoryTemplate = { contentJson: '{"type":"doc"}', updatedAt: '2026-11-01T08:00:00.000Z' };
    const api = {
      personalTemplate: jest.fn(async () => saved),
      savePersonalTemplate: jest.fn(async () => ({
        data: { contentJson: '', updatedAt: null },
        message: 'Template removed. New memories start empty.',
      })),
    };
    render(<TemplateCard api={api} />, { wrapper: MemoryRouter });

    fireEvent.click(await screen.findByRole('button', { name: 'Remove template' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove your template?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Template removed. New memories start empty.')).toBeInTheDocument();
    expect(api.savePersonalTemplate).toHaveBeenCalledWith({ contentJson: { type: 'doc', content: [] } });
    expect(screen.getByText('You have no template: new memories start empty.')).toBeInTheDocument();
  });
});
