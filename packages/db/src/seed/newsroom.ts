/**
 * The words of the demo fleet: the people (demo accounts, reporters, crews), their job titles, the
 * stories on the newsroom's planning list, the notes crews leave on their units. Written as a
 * broadcaster's newsroom would write them; the entity modules draw from these lists (random.ts), so
 * the same seed gives the same text.
 */

export const FIRST_NAMES = [
  'Hannah',
  'Tom',
  'Priya',
  'Daniel',
  'Sophie',
  'Marcus',
  'Aisha',
  'James',
  'Claire',
  'Oliver',
  'Fatima',
  'Lukas',
  'Chloé',
  'Mateo',
  'Emma',
  'Rhys',
  'Niamh',
  'Samuel',
  'Grace',
  'Karim',
  'Lucy',
  'Jonas',
  'Elena',
  'Owen',
] as const;

export const LAST_NAMES = [
  'Clarke',
  'Aldridge',
  'Patel',
  'Morgan',
  'Dubois',
  'Okafor',
  'Hughes',
  'Fischer',
  'Bennett',
  'Rahman',
  'Kowalski',
  'Murphy',
  'Laurent',
  'Evans',
  'García',
  'Walsh',
  'Schneider',
  'Thompson',
  'Nowak',
  'Campbell',
  'Jansen',
  'Reid',
  'Moreau',
  'Davies',
] as const;

/** A user's label (at most 30 characters): what they do in the newsroom. */
export const JOB_TITLES = [
  'Newsroom Editor',
  'Field Producer',
  'Camera Operator',
  'Broadcast Engineer',
  'Assignment Editor',
  'Head of Newsgathering',
  'Transmission Controller',
  'Video Journalist',
  'Planning Editor',
  'Sports Producer',
  'Operations Manager',
  'Gallery Director',
] as const;

/** A note a crew or an engineer leaves on a unit (at most 100 characters). */
export const UNIT_NOTES = [
  'Spare batteries in the kit bag; charge overnight.',
  'Modem 3 SIM due for renewal at the end of the month.',
  'Camera plate loose: fix before the next shoot.',
  'Booked for the evening bulletin all week.',
  'Antenna mount replaced after the storm.',
  'Runs on the long-life battery pack.',
  'Shared with the sports desk at weekends.',
  'Back on the newsroom charger when at base.',
  'Roaming SIMs fitted for travel abroad.',
  'Checked by engineering on Monday: all modems fine.',
  'Audio input 2 crackles: use input 1.',
  'Keep the lens cloth in the side pocket.',
] as const;

export interface SeededStory {
  slugline: string;
  usageTerms: string;
  provider: string;
  keywords: string;
  comments: string;
}

/**
 * The Global-News planning list, in story order (sty-1, sty-2...): the first has two crews on it
 * (and an uploaded file), the second one.
 */
export const STORIES: readonly SeededStory[] = [
  {
    slugline: 'FLOODS-RHINE-LIVE',
    usageTerms: 'Free to air',
    provider: 'Global-News',
    keywords: 'floods,weather,rhine,evacuation,live',
    comments: 'Live two-way from the riverbank at the top of the hour; second crew at the evacuation centre.',
  },
  {
    slugline: 'RAIL-STRIKE-REAX',
    usageTerms: 'Free to air',
    provider: 'Global-News',
    keywords: 'strike,rail,unions,commuters,transport',
    comments: 'Commuter reaction at the main station for the lunchtime bulletin; vox pops and a union statement.',
  },
  {
    slugline: 'SUMMIT-ARRIVALS-PKG',
    usageTerms: 'Embargoed until 18:00',
    provider: 'Pool feed',
    keywords: 'summit,eu,leaders,diplomacy,brussels',
    comments: "Pool pictures of the leaders arriving; cut a 1'30\" package for the six o'clock news.",
  },
  {
    slugline: 'BUDGET-REAX-VOXPOP',
    usageTerms: 'Internal use only',
    provider: 'Global-News',
    keywords: 'budget,economy,tax,households',
    comments: 'Shoppers on the high street react to the budget; three voices, no brands in shot.',
  },
];
