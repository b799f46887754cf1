import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { PRODUCTION_KEYS } from './test/production-env.ts';

describe('the FAQ copilot’s model settings (decision 053)', () => {
  it('uses no model by default, and production does not require one', () => {
    expect(loadConfig({}).llm).toEqual({ provider: 'none' });
    expect(loadConfig({}).copilotPerMinute).toBe(10);
    const production = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://crm@db:5432/crm',
      ...PRODUCTION_KEYS,
    });
    expect(production.llm).toEqual({ provider: 'none' });
  });

  it('takes an OpenAI-compatible model from LLM_*, and asks for the model name with the base URL', () => {
    expect(
      loadConfig({ LLM_BASE_URL: 'https://api.deepseek.com/v1', LLM_API_KEY: 'sk-1', LLM_MODEL: 'deepseek-chat' }).llm,
    ).toEqual({
      provider: 'openai',
      baseUrl: 'https://api.deepseek.com/v1',
      apiKey: 'sk-1',
      model: 'deepseek-chat',
      timeoutMs: 60_000,
    });
    expect(() => loadConfig({ LLM_BASE_URL: 'https://api.deepseek.com/v1' })).toThrow(ConfigError);
    expect(() => loadConfig({ LLM_BASE_URL: 'not a url', LLM_MODEL: 'm' })).toThrow(ConfigError);
    expect(loadConfig({ COPILOT_PER_MINUTE: '0' }).copilotPerMinute).toBe(0);
  });
});
