// SPDX-License-Identifier: MIT
// How fast the simulation runs against the frames: a number of steps each frame (below one: slow
// motion, a step every few frames), a simulated-time rate (time units per wall-clock second), or
// as fast as the device goes. Pause and single steps are the frame loop's.
#pragma once

namespace galaxy::app {

struct Speed {
  enum class Mode { StepsPerFrame, SimRate, Fastest };
  Mode mode = Mode::StepsPerFrame;
  float steps_per_frame = 1.0f;  // below 1: slow motion
  float sim_rate = 1.0f;         // simulated time units per wall-clock second
  friend bool operator==(const Speed&, const Speed&) = default;  // the panel's edit is a change
};
inline constexpr float kMinStepsPerFrame = 1.0f / 64, kMaxStepsPerFrame = 64;

// The steps a frame of `frame_s` seconds grants at speed `s` and time step `dt`; infinity for
// Fastest.
double steps_granted(const Speed& s, double frame_s, float dt);

// Faster (`direction` > 0) or slower by a factor of two, within the limits; Fastest slows to the
// top steps-per-frame rate.
void change_speed(Speed& s, int direction);

}  // namespace galaxy::app
