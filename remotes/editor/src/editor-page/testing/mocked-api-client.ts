/**
 * The API client as the editor page's tests mock it: the real one (errors, messages) with the memory and prompt calls
 * as jest mocks. In a spec: `jest.mock('@memories/web-api-client', () => jest.requireActual('<path>/mocked-api-client')
 * .mockedApiClient())` (a factory of jest.mock may only reach other modules through require).
 */
export function mockedApiClient() {
  const actual = jest.requireActual('@memories/web-api-client');
  return {
    ...actual,
    memoriesApi: { create: jest.fn(), update: jest.fn(), get: jest.fn(), tags: jest.fn(), cleanupImages: jest.fn() },
    promptsApi: { personalTemplate: jest.fn(), random: jest.fn() },
  };
}
