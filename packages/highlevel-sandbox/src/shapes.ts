/** The vendor's answer shapes built from the seeded data (internal fields dropped). */
import type { components as Conv } from './generated/conversations.js';
import type { components as Loc } from './generated/locations.js';
import type { Call, Location } from './seed.js';

// ---- shapes -------------------------------------------------------------------------------------

/** A call message as the API returns it (internal fields dropped). */
export function publicMessage(call: Call): Conv['schemas']['GetMessageResponseDto'] {
  // The live API's `meta.call` is not in the spec's MessageMeta; the spec allows extra properties.
  return call.message as unknown as Conv['schemas']['GetMessageResponseDto'];
}

export function searchLocation(l: Location): Loc['schemas']['GetLocationSchema'] & { companyId: string } {
  return {
    id: l.id,
    companyId: l.companyId,
    name: l.name,
    phone: l.phone,
    email: l.email,
    address: l.address,
    city: l.city,
    state: l.state,
    country: l.country,
    postalCode: l.postalCode,
    website: l.website,
    timezone: l.timezone,
    settings: settingsOf(),
    social: socialOf(l),
  };
}

export function fullLocation(l: Location): Loc['schemas']['GetLocationByIdSchema'] {
  return {
    ...l,
    business: {
      name: l.name,
      address: l.address,
      city: l.city,
      state: l.state,
      country: l.country,
      postalCode: l.postalCode,
      website: l.website,
      timezone: l.timezone,
      logoUrl: l.logoUrl,
    },
    social: socialOf(l),
    settings: settingsOf(),
    reseller: {},
  };
}

export function socialOf(l: Location): Loc['schemas']['SocialSchema'] {
  return {
    facebookUrl: `https://facebook.com/${l.domain}`,
    googlePlus: '',
    linkedIn: '',
    foursquare: '',
    twitter: '',
    yelp: '',
    instagram: '',
    youtube: '',
    pinterest: '',
    blogRss: '',
    googlePlacesId: '',
  };
}

export function settingsOf(): Loc['schemas']['SettingsSchema'] {
  return {
    allowDuplicateContact: false,
    allowDuplicateOpportunity: false,
    allowFacebookNameMerge: false,
    disableContactTimezone: false,
  };
}
