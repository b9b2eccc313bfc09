/**
 * The rules beyond a request's schema that the core refuses a request for (the OpenAPI document's
 * `x-rules`): the spec's generic "Invalid field" (000 §5, 001 §5), then the rule the field breaks. A
 * request the document's schemas take is never refused with the bare text (apps/core/README.md, "The
 * contract"). The core's own texts: a console shows the message of the answer, so it does not load these.
 */
export const RULES = {
  /** An id that names no inventory (or none the caller may use). */
  unknownInventory: 'Invalid field: no such inventory',
  unknownGroup: 'Invalid field: no such group',
  unknownStreamProvider: 'Invalid field: no such stream provider',
  unknownGeocodingProfile: 'Invalid field: no such geocoding profile',
  unknownInvitation: 'Invalid field: no such open invitation',
  unknownFolder: 'Invalid field: no such folder',
  unknownFile: 'Invalid field: no such file on the unit',
  unknownTemplate: 'Invalid field: no such template',
  unknownModem: 'Invalid field: no modem on this port',
  unknownShareKey: 'Invalid field: no publisher has this share key',
  /** A folder's new parent that is the folder itself or one below it. */
  folderUnderItself: 'Invalid field: a folder cannot go under itself',
  /** A join code that is not a group's current one. */
  joinCodeNotCurrent: 'Invalid field: not a current join code',
  /** An object of another inventory than the one the request is about. */
  notOfInventory: 'Invalid field: not of the inventory',
  /** A group of none of the inventories the object is (or is to be) in. */
  groupNotOfInventories: "Invalid field: not a group of the object's inventories",
  /** A server that is not a video return server of the channel's inventories (or, for a global caller, of none). */
  vrServerOfInventories: "Invalid field: not a video return server of the channel's inventories",
  /** A channel, server, room or gateway of none of the unit's inventories. */
  notOfUnit: "Invalid field: not in the unit's inventories",
  /** A unit, channel or group outside the group the request is about. */
  notOfGroup: 'Invalid field: not in the group',
  /** An IFB mode set on a server other than a multimedia hub. */
  ifbModeMultimediaHubOnly: 'Invalid field: an IFB mode only on a multimedia hub',
  /** A setting of a wired interface given for a cellular modem, or the other way round. */
  notOfModemKind: "Invalid field: not a setting of this modem's kind",
  /** An input type the video return channel does not offer. */
  inputTypeNotOffered: 'Invalid field: not an input type of this channel',
  /** A product type the invitation's plan does not admit. */
  productNotInPlan: "Invalid field: not a product type of the invitation's plan",
  /** A point-to-point link names exactly one machine besides its own unit. */
  pointToPointOneMachine: 'Invalid field: a point-to-point link has exactly one machine',
  /** A link's own unit named among its machines. */
  linkOwnUnit: "Invalid field: the link's own unit is not one of its machines",
  /** A selected group that is not among the link's groups. */
  notOfLinkGroups: "Invalid field: not one of the link's groups",
  /** The group followed for alerts: another group of the same inventory, itself configured by hand. */
  alertSourceGroup: 'Invalid field: not another group of the inventory with its own alert settings',
  /** A field given in a mode that does not take it. */
  notInThisMode: 'Invalid field: not taken in this mode',
  /** Alert settings or recipients given in the mode that does not use them. */
  alertsNotInThisMode: 'Invalid field: not taken in this alert mode',
  /** A part of an application configuration value that is not of the shape its key takes (a wrong type, a bad format). */
  keyValueShape: 'Invalid field: not of the shape this key takes',
  /** A report period whose start lies after its end. */
  periodStartAfterEnd: 'Invalid field: the start must not be after the end',
  /** A usage report over more days than it may cover. */
  periodTooLong: 'Invalid field: at most 366 days',
  /** A calendar date that does not exist (2026-02-30). */
  noSuchDate: 'Invalid field: no such calendar date',
  /** An address that URL parsing does not read as http(s) with a host. */
  httpUrl: 'Invalid field: must be an http or https address with a host',
  /** A time zone the runtime does not know by its IANA name. */
  unknownTimeZone: 'Invalid field: no such IANA time zone',
  /** A storage path with a `.` or `..` segment. */
  pathDotSegment: 'Invalid field: a path has no . or .. segment',
  /** A story mapping sample over its size limit. */
  sampleTooLarge: 'Invalid field: the sample is too large',
  /** Alert thresholds out of order: the critical one beyond the warning one. */
  thresholdsOrder: 'Invalid field: the critical threshold must be beyond the warning one',
} as const;
