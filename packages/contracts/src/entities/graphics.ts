/** Shapes of graphics (spec 001 §7 Graphics): my graphics, singular, delete app, templates, permissions, job status; trial of §9. */
export {};
