import { defineRoute } from './http.js';
import {
  OrganizationSettings,
  OrganizationSettingsUpdate,
  RetentionPreview,
  RetentionPreviewQuery,
  RetentionRunResponse,
} from './organization.js';

const tags = ['organization'] as const;

export const organizationApi = {
  settings: defineRoute({
    method: 'GET',
    path: '/organization/settings',
    access: 'member',
    summary: "The organization's settings",
    tags,
    response: OrganizationSettings,
  }),
  updateSettings: defineRoute({
    method: 'PUT',
    path: '/organization/settings',
    access: 'admin',
    summary: "Change the organization's settings",
    tags,
    body: OrganizationSettingsUpdate,
    response: OrganizationSettings,
  }),
  retentionPreview: defineRoute({
    method: 'GET',
    path: '/organization/retention-preview',
    access: 'admin',
    summary: 'Dry run: how many recordings a retention of `days` would delete now',
    tags,
    query: RetentionPreviewQuery,
    response: RetentionPreview,
  }),
  runRetention: defineRoute({
    method: 'POST',
    path: '/organization/retention/run',
    access: 'admin',
    summary: 'Apply the retention now instead of waiting for the nightly run',
    tags,
    status: 202,
    response: RetentionRunResponse,
    errors: ['CONFLICT'],
  }),
} as const;
