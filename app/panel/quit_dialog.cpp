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

QuitAnswer quit_dialog(bool asking) {
  if (!asking) return QuitAnswer::None;
  constexpr const char* kTitle = "galaxy";
  if (!ImGui::IsPopupOpen(kTitle)) ImGui::OpenPopup(kTitle);
  const ImVec2 view = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(0.5f * view.x, 0.5f * view.y), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings;
  if (!ImGui::BeginPopupModal(kTitle, nullptr, flags)) return QuitAnswer::None;
  ImGui::TextUnformatted("Quit? (Enter: quit, Esc: stay)");
  const bool quit = ImGui::Button("Quit");
  tip("end galaxy now (Enter): what was not saved is lost");
  ImGui::SameLine();
  const bool stay = ImGui::Button("Stay");
  tip("back to the run (Esc)");
  QuitAnswer answer = QuitAnswer::None;
  if (quit || pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter)) {
    answer = QuitAnswer::Quit;
  } else if (stay || pressed(ImGuiKey_Escape)) {
    answer = QuitAnswer::Stay;
  }
  if (answer != QuitAnswer::None) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return answer;
}

}  // namespace galaxy::app
