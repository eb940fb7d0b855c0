// SPDX-License-Identifier: MIT
#include "panel/quit_dialog.hpp"

#include <imgui.h>

#include "panel/panel_parts.hpp"

namespace galaxy::app {

namespace {

// Once, not again while held: the Esc that asked is still down when the dialog appears.
bool pressed(ImGuiKey key) {
  return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), false);
}

}  // namespace

Changes quit_dialog(Settings& s) {
  Changes c;
  if (!s.asking_quit) return c;
  constexpr const char* kTitle = "galaxy";
  if (!ImGui::IsPopupOpen(kTitle)) ImGui::OpenPopup(kTitle);
  const ImVec2 view = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(0.5f * view.x, 0.5f * view.y), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings;
  if (!ImGui::BeginPopupModal(kTitle, nullptr, flags)) return c;
  ImGui::TextUnformatted("Quit? (Enter: quit, Esc: stay)");
  const bool quit = ImGui::Button("Quit");
  tip("end galaxy now (Enter): what was not saved is lost");
  ImGui::SameLine();
  const bool stay = ImGui::Button("Stay");
  tip("back to the run (Esc)");
  c.quit_confirmed = quit || pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter);
  if (c.quit_confirmed || stay || pressed(ImGuiKey_Escape)) {
    s.asking_quit = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
  return c;
}

}  // namespace galaxy::app
