import {
  scriptListSchema,
  scriptSaveSchema,
  scriptSchema,
  scriptSearchSchema,
  scriptUsageSchema,
  scriptUsedSchema,
  scriptUseSchema,
} from '../../api/scripts.ts';
import { endpoint, noFieldsSchema } from '../index.ts';

/* The approved scripts (话术库, issue 50 point 3, decision 080): the admin keeps them, the sidebar tool uses them. */

export const adminScripts = endpoint({
  path: '/api/admin/scripts',
  summary: '后台：本公司的话术库（含停用的），每条的使用次数',
  request: noFieldsSchema,
  response: scriptListSchema,
});

export const adminScriptSave = endpoint({
  path: '/api/admin/scripts/save',
  summary: '后台：新建或修改一条话术（停用后侧边栏不再列出）',
  request: scriptSaveSchema,
  response: scriptSchema,
});

export const adminScriptUsage = endpoint({
  path: '/api/admin/scripts/usage',
  summary: '后台：各成员使用话术的次数',
  request: noFieldsSchema,
  response: scriptUsageSchema,
});

export const scripts = endpoint({
  path: '/api/chattergee/scripts',
  summary: '侧边栏：按分类和关键词查找启用的话术',
  request: scriptSearchSchema,
  response: scriptListSchema,
});

export const scriptUse = endpoint({
  path: '/api/chattergee/scriptUse',
  summary: '侧边栏：一条话术已发到聊天中，记一次使用',
  request: scriptUseSchema,
  response: scriptUsedSchema,
});
