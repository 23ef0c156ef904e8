// Package browsertest drives the pictures bataille draws in a real browser
// (headless Chromium through chromedp): the replay of a run steps with the
// arrow keys, and the map and charts render. It is a module of its own, like
// bench/, so that the library keeps its three dependencies.
package browsertest
